import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Cluster, Partition } from '@starlight/contract/hpc';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';

let t: TestApp;
let admin: string;
let bound: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-clusters-'));
  t = await startTestApp({ env: { STARLIGHT_LOG_LEVEL: 'silent', STARLIGHT_DATA_DIR: dataDir } });
  admin = await login(t.app, 'admin', adminPassword);
  bound = await login(t.app, 'demo-bound', demoPassword);
});
afterAll(async () => {
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

const slurmInput = {
  name: 'hpc01',
  driver: 'slurm',
  settings: {
    rest_url: 'http://127.0.0.1:1',
    jwt_key_file: '/etc/slurm/secret-jwt.key',
    ssh: { host: '127.0.0.1', port: 2222, host_key_sha256: `SHA256:${'A'.repeat(43)}`, key_file: '/srv/keys/service-key' },
  },
};

describe('clusters (spec §7 /kcluster/cluster)', () => {
  it('creates the embedded local cluster on an empty table', async () => {
    const { spec } = await call<List<Cluster>>(t.app, 'GET', '/kcluster/cluster', admin);
    expect(spec.list).toMatchObject([{ name: 'local', kind: 'hpc', driver: 'local', enabled: true }]);
  });

  it('registers a Slurm cluster and never sends its key files back', async () => {
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, slurmInput);
    expect(created).toMatchObject({ code: 200, spec: { name: 'hpc01', driver: 'slurm', settings: { jwt_key_configured: true, ssh: { key_configured: true } } } });
    for (const reply of [created, await call(t.app, 'GET', `/kcluster/cluster/${created.spec.id}`, admin), await call(t.app, 'GET', '/kcluster/cluster', admin)]) {
      const text = JSON.stringify(reply);
      expect(text).not.toContain('secret-jwt.key');
      expect(text).not.toContain('service-key');
    }
  });

  it('refuses a duplicate name (1409), a second local cluster (1409) and a Slurm cluster without its URL (1400)', async () => {
    expect((await call(t.app, 'POST', '/kcluster/cluster', admin, slurmInput)).code).toBe(1409);
    expect((await call(t.app, 'POST', '/kcluster/cluster', admin, { name: 'local2', driver: 'local' })).code).toBe(1409);
    const noUrl = await call(t.app, 'POST', '/kcluster/cluster', admin, { name: 'hpc02', driver: 'slurm', settings: { jwt_key_file: '/k' } });
    expect(noUrl).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body.settings.rest_url' }] } });
    expect((await call(t.app, 'POST', '/kcluster/cluster', admin, { name: 'bad;name', driver: 'local' })).code).toBe(1400);
  });

  it('answers an administrator 1502 for a scheduler that is down, and keeps listing the other clusters\' partitions', async () => {
    const clusters = (await call<List<Cluster>>(t.app, 'GET', '/kcluster/cluster', admin)).spec.list;
    const hpc01 = clusters.find((c) => c.name === 'hpc01')!;
    const status = await call(t.app, 'GET', '/kcluster/hpc/partition/status/hpc01/debug', admin);
    expect(status).toMatchObject({ code: 1502 });
    expect(status.info).toContain('hpc01');
    expect(status.info).not.toContain('secret-jwt.key');
    const partitions = (await call<List<Partition>>(t.app, 'GET', '/kcluster/partitions', admin)).spec.list;
    expect(partitions.map((p) => `${p.cluster_name}/${p.name}`)).toEqual(['local/local']);
    expect((await call(t.app, 'PATCH', `/kcluster/cluster/${hpc01.id}`, admin, { enabled: false })).spec).toMatchObject({ enabled: false });
  });

  it('lists a kubernetes cluster and says clearly that its driver does not exist yet', async () => {
    const k8s = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, { name: 'kube01', kind: 'k8s', driver: 'k8s' });
    expect(k8s.code).toBe(200);
    const described = await call<Partition>(t.app, 'POST', '/kcluster/partitions', admin, { cluster_id: k8s.spec.id, name: 'gpu', description: 'GPUs' });
    expect(described.spec).toMatchObject({ name: 'gpu', description: 'GPUs', discovered: false });
    const status = await call(t.app, 'GET', '/kcluster/hpc/partition/status/kube01/gpu', admin);
    expect(status).toMatchObject({ code: 1502, info: 'kubernetes clusters are not supported by this console yet' });
    expect((await call(t.app, 'DELETE', `/kcluster/cluster/${k8s.spec.id}`, admin)).code).toBe(200);
  });

  it('shows the live status of the local partition', async () => {
    const status = await call<{ state: string; nodes: unknown[] }>(t.app, 'GET', '/kcluster/hpc/partition/status/local/local', bound);
    expect(status).toMatchObject({ code: 200, spec: { cluster_name: 'local', partition: 'local', state: 'UP' } });
    expect(status.spec.nodes).toHaveLength(1);
  });

  it('keeps cluster administration to kcluster_clusters_admin', async () => {
    expect((await call(t.app, 'GET', '/kcluster/cluster', bound)).code).toBe(1403);
    expect((await call(t.app, 'POST', '/kcluster/partitions', bound, { cluster_id: 1, name: 'x' })).code).toBe(1403);
  });
});
