import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Cluster, Partition } from '@starlight/contract/hpc';
import type { ClusterNode, ClusterStatus, NetworkPolicy, PartitionWebSsh } from '@starlight/contract/cluster-access';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';

/*
 * Issue 4 parts 2 and 8 without outside services: live cluster views, the k8s calls (1502 from the
 * k8s driver stub, never made-up data), network policies and the web shell settings and refusals.
 * The shell itself runs against the real sshd in webssh-sshd.engine.test.ts.
 */
let t: TestApp;
let admin: string;
let bound: string;
let unbound: string;
let dataDir: string;
let kube: Cluster;
let hpc: Cluster;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-access-'));
  t = await startTestApp({ env: { STARLIGHT_LOG_LEVEL: process.env.ACCESS_DEBUG ? 'warn' : 'silent', STARLIGHT_DATA_DIR: dataDir } });
  [admin, bound, unbound] = await Promise.all([
    login(t.app, 'admin', adminPassword),
    login(t.app, 'demo-bound', demoPassword),
    login(t.app, 'demo-user', demoPassword),
  ]);
});
afterAll(async () => {
  if (process.env.ACCESS_DEBUG) for (const line of t.logs()) if (Number(line.level) >= 40) console.log(JSON.stringify(line).slice(0, 1500));
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

const localId = async (): Promise<number> => (await call<List<Cluster>>(t.app, 'GET', '/kcluster/cluster?field_lk_name=local', admin)).spec.list[0]!.id;
const notAvailable = 'no container engine is configured (settings.engine and engine_socket)';

describe('live cluster views and the k8s calls (spec §7 "K8s")', () => {
  it('answers the active users of no kubernetes cluster with nobody, then 1502 once one is registered', async () => {
    expect(await call(t.app, 'GET', '/kcluster/k8s/active/Users', admin)).toMatchObject({ code: 200, spec: [] });
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, { name: 'kube01', kind: 'k8s', driver: 'k8s' });
    expect(created.code).toBe(200);
    kube = created.spec;
    const users = await call(t.app, 'GET', '/kcluster/k8s/active/Users', admin);
    expect(users.code).toBe(1502);
    expect(users.info).toBe(`cluster kube01: ${notAvailable}`);
  });

  it('answers every k8s read of a kubernetes cluster with 1502 from the driver, never data', async () => {
    for (const p of [`/kcluster/k8s/nodes/${kube.id}`, `/kcluster/k8s/ready_nodes/${kube.id}`, '/kcluster/k8s/partition/status/kube01/gpu', '/kcluster/k8s/partition/params/kube01/gpu']) {
      const reply = await call(t.app, 'GET', p, admin);
      expect(reply, p).toMatchObject({ code: 1502, spec: null });
      expect(reply.info, p).toContain(notAvailable);
    }
    expect((await call<ClusterStatus>(t.app, 'GET', `/kcluster/cluster/${kube.id}/status`, admin)).spec).toMatchObject({ state: 'unsupported', nodes_total: 0 });
  });

  it('reads the nodes of an HPC cluster from its live scheduler', async () => {
    const id = await localId();
    const nodes = await call<ClusterNode[]>(t.app, 'GET', `/kcluster/k8s/nodes/${id}`, admin);
    expect(nodes.code).toBe(200);
    expect(nodes.spec).toHaveLength(1);
    expect(nodes.spec[0]).toMatchObject({ state: expect.any(String), ready: true, partitions: ['local'] });
    expect(nodes.spec[0]!.cpus_total).toBeGreaterThan(0);
    expect((await call<ClusterNode[]>(t.app, 'GET', `/kcluster/k8s/ready_nodes/${id}`, admin)).spec.map((n) => n.name)).toEqual(nodes.spec.map((n) => n.name));
    const status = (await call<ClusterStatus>(t.app, 'GET', `/kcluster/cluster/${id}/status`, admin)).spec;
    expect(status).toMatchObject({ name: 'local', state: 'up', message: null, partitions: 1, nodes_total: 1, nodes_ready: 1 });
    expect(status.cpus_total).toBe(nodes.spec[0]!.cpus_total);
  });

  it('answers partition status of an HPC partition live and partition params with 12112', async () => {
    const status = await call(t.app, 'GET', '/kcluster/k8s/partition/status/local/local', bound);
    expect(status).toMatchObject({ code: 200, spec: { cluster_name: 'local', partition: 'local', state: 'UP' } });
    expect(await call(t.app, 'GET', '/kcluster/k8s/partition/params/local/local', bound)).toMatchObject({ code: 12112, spec: null });
    expect((await call(t.app, 'GET', '/kcluster/k8s/partition/params/local/nope', bound)).code).toBe(1404);
    expect((await call(t.app, 'GET', '/kcluster/k8s/partition/status/nope/local', bound)).code).toBe(1404);
    expect((await call(t.app, 'GET', '/kcluster/k8s/partition/status/local/-x', bound)).code).toBe(1400);
  });

  it('says a Slurm cluster that does not answer is down, without naming its key file', async () => {
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, {
      name: 'hpc01',
      driver: 'slurm',
      settings: {
        rest_url: 'http://127.0.0.1:1',
        jwt_key_file: '/etc/slurm/secret-jwt.key',
        ssh: { host: '127.0.0.1', port: 2222, host_key_sha256: `SHA256:${'A'.repeat(43)}`, key_file: '/srv/keys/sftp-key', shell_key_file: '/srv/keys/shell-key' },
      },
    });
    expect(created.code).toBe(200);
    hpc = created.spec;
    expect(hpc.settings.ssh).toEqual({ host: '127.0.0.1', port: 2222, host_key_sha256: `SHA256:${'A'.repeat(43)}`, key_configured: true, shell_key_configured: true });
    expect(JSON.stringify(created)).not.toContain('/srv/keys');
    const status = (await call<ClusterStatus>(t.app, 'GET', `/kcluster/cluster/${hpc.id}/status`, admin)).spec;
    expect(status).toMatchObject({ state: 'down', nodes_total: 0 });
    expect(status.message).toContain('hpc01');
    expect(status.message).not.toContain('secret-jwt.key');
    expect((await call(t.app, 'GET', `/kcluster/k8s/nodes/${hpc.id}`, admin)).code).toBe(1502);
  });

  it('keeps the secrets an edit leaves out, removes one sent as null, and asks for a missing one', async () => {
    const ssh = { host: '127.0.0.2', port: 22, host_key_sha256: `SHA256:${'A'.repeat(43)}` };
    const kept = await call<Cluster>(t.app, 'PATCH', `/kcluster/cluster/${hpc.id}`, admin, { settings: { rest_url: 'http://127.0.0.1:2', ssh } });
    expect(kept.spec.settings).toMatchObject({ rest_url: 'http://127.0.0.1:2', jwt_key_configured: true, ssh: { ...ssh, key_configured: true, shell_key_configured: true } });
    const removed = await call<Cluster>(t.app, 'PATCH', `/kcluster/cluster/${hpc.id}`, admin, { settings: { rest_url: 'http://127.0.0.1:1', ssh: { ...ssh, shell_key_file: null } } });
    expect(removed.spec.settings.ssh).toMatchObject({ key_configured: true, shell_key_configured: false });
    const noJwt = await call<{ fields: { path: string }[] }>(t.app, 'PATCH', `/kcluster/cluster/${hpc.id}`, admin, { settings: { rest_url: 'http://127.0.0.1:1', jwt_key_file: null } });
    expect(noJwt.code).toBe(1400);
    expect(noJwt.spec.fields.map((f) => f.path)).toContain('body.settings.jwt_key_file');
    const local = await localId();
    const noKey = await call<{ fields: { path: string }[] }>(t.app, 'PATCH', `/kcluster/cluster/${local}`, admin, { settings: { ssh } });
    expect(noKey.spec.fields.map((f) => f.path)).toContain('body.settings.ssh.key_file');
    const back = await call<Cluster>(t.app, 'PATCH', `/kcluster/cluster/${hpc.id}`, admin, { settings: { rest_url: 'http://127.0.0.1:1', ssh: { ...ssh, shell_key_file: '/srv/keys/shell-key' } } });
    expect(back.spec.settings.ssh).toMatchObject({ key_configured: true, shell_key_configured: true });
    expect(JSON.stringify([kept, removed, back])).not.toContain('/srv/keys');
  });

  it('keeps the node views to kcluster_clusters_admin and answers 1404 for an unknown cluster', async () => {
    for (const p of ['/kcluster/k8s/active/Users', '/kcluster/k8s/nodes/1', '/kcluster/k8s/ready_nodes/1', '/kcluster/cluster/1/status'])
      expect((await call(t.app, 'GET', p, bound)).code, p).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/k8s/partition/status/local/local', unbound)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/k8s/nodes/9999', admin)).code).toBe(1404);
    expect((await call(t.app, 'GET', '/kcluster/k8s/nodes/abc', admin)).code).toBe(1400);
  });
});

describe('network policies (spec §7 /kcluster/network-policy)', () => {
  let first: NetworkPolicy;
  it('records which networks a user may reach a cluster from', async () => {
    const created = await call<NetworkPolicy>(t.app, 'POST', '/kcluster/network-policy', admin, {
      cluster: 'local',
      user: 'demo-bound',
      allowed_sources: ['10.0.0.0/8', '2001:db8::/32', '10.0.0.0/8'],
      description: 'lab only',
    });
    expect(created).toMatchObject({
      code: 200,
      spec: { cluster: 'local', cluster_kind: 'hpc', user: 'demo-bound', fork_from: null, allowed_sources: ['10.0.0.0/8', '2001:db8::/32'], description: 'lab only' },
    });
    first = created.spec;
    expect((await call(t.app, 'GET', `/kcluster/network-policy/${first.id}`, admin)).spec).toEqual(first);
    expect((await call(t.app, 'POST', '/kcluster/network-policy', admin, { cluster: 'local', user: 'demo-bound', allowed_sources: [] })).code).toBe(1409);
  });

  it("forks another user's policy on the same cluster", async () => {
    const forked = await call<NetworkPolicy>(t.app, 'POST', '/kcluster/network-policy', admin, { cluster: 'local', user: 'demo-gadmin', forkFrom: 'demo-bound' });
    expect(forked.spec).toMatchObject({ user: 'demo-gadmin', fork_from: 'demo-bound', allowed_sources: first.allowed_sources });
    const list = (await call<List<NetworkPolicy>>(t.app, 'GET', '/kcluster/network-policy?field_eq_cluster=local', admin)).spec;
    expect(list.list.map((p) => p.user)).toEqual(['demo-bound', 'demo-gadmin']);
    expect((await call(t.app, 'DELETE', `/kcluster/network-policy/${forked.spec.id}`, admin)).code).toBe(200);
    expect((await call(t.app, 'GET', `/kcluster/network-policy/${forked.spec.id}`, admin)).code).toBe(1404);
    expect((await call(t.app, 'DELETE', `/kcluster/network-policy/${forked.spec.id}`, admin)).code).toBe(1404);
  });

  it.each([
    [{ cluster: 'local', user: 'demo-user', allowed_sources: ['10.0.0.300/8'] }, 'body.allowed_sources.0'],
    [{ cluster: 'local', user: 'demo-user', allowed_sources: ['10.0.0.1'] }, 'body.allowed_sources.0'],
    [{ cluster: 'nowhere', user: 'demo-user' }, 'body.cluster'],
    [{ cluster: 'local', user: 'nobody-here' }, 'body.user'],
    [{ cluster: 'local', user: 'demo-user', forkFrom: 'demo-auditor' }, 'body.forkFrom'],
    [{ cluster: 'local', user: 'demo-user', forkFrom: 'demo-user' }, 'body.forkFrom'],
    [{ cluster: 'local', user: 'demo-user', forkFrom: 'demo-bound', allowed_sources: ['10.0.0.0/8'] }, 'body.allowed_sources'],
    [{ cluster: '../x', user: 'demo-user' }, 'body.cluster'],
    [{ cluster: 'local', user: 'demo-user', extra: 1 }, 'body.extra'],
  ])('refuses %j naming %s, and changes nothing', async (payload, field) => {
    const reply = await call<{ fields: { path: string }[] }>(t.app, 'POST', '/kcluster/network-policy', admin, payload);
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields.map((f) => f.path)).toContain(field);
    expect((await call<List<NetworkPolicy>>(t.app, 'GET', '/kcluster/network-policy?field_eq_user=demo-user', admin)).spec.total).toBe(0);
  });

  it('is for kcluster_clusters_admin only', async () => {
    expect((await call(t.app, 'GET', `/kcluster/network-policy/${first.id}`, bound)).code).toBe(1403);
    expect((await call(t.app, 'POST', '/kcluster/network-policy', bound, { cluster: 'local', user: 'demo-user' })).code).toBe(1403);
    expect((await call(t.app, 'DELETE', `/kcluster/network-policy/${first.id}`, bound)).code).toBe(1403);
    expect((await call(t.app, 'GET', `/kcluster/network-policy/${first.id}`, admin)).code).toBe(200);
  });
});

describe('web shell settings (spec §7 /kcluster/partition_webssh)', () => {
  let debug: Partition;
  let secret: Partition;
  beforeAll(async () => {
    debug = (await call<Partition>(t.app, 'POST', '/kcluster/partitions', admin, { cluster_id: hpc.id, name: 'debug' })).spec;
    secret = (await call<Partition>(t.app, 'POST', '/kcluster/partitions', admin, { cluster_id: hpc.id, name: 'vault', partition_type: 'private_partition' })).spec;
  });

  it('enables the shell of a partition on a cluster with a web shell key', async () => {
    const set = await call<PartitionWebSsh>(t.app, 'PATCH', '/kcluster/partition_webssh', admin, { partition_id: debug.id, enabled: true, idle_timeout_seconds: 600 });
    expect(set).toMatchObject({
      code: 200,
      spec: { partition_id: debug.id, cluster_name: 'hpc01', partition: 'debug', enabled: true, host: null, port: null, idle_timeout_seconds: 600, max_duration_seconds: 14_400 },
    });
    const other = { partition_id: secret.id, enabled: true, host: 'login2.example.org', host_key_sha256: `SHA256:${'B'.repeat(43)}` };
    expect((await call<PartitionWebSsh>(t.app, 'PATCH', '/kcluster/partition_webssh', admin, other)).spec).toMatchObject({ host: 'login2.example.org', port: 22 });
    const all = (await call<List<PartitionWebSsh>>(t.app, 'GET', '/kcluster/partition_webssh', admin)).spec;
    expect(all.list.map((s) => s.partition)).toEqual(['debug', 'vault']);
    // a bound user sees the shells they could open: not the private partition's
    const mine = (await call<List<PartitionWebSsh>>(t.app, 'GET', '/kcluster/partition_webssh', bound)).spec;
    expect(mine.list.map((s) => s.partition)).toEqual(['debug']);
  });

  it.each([
    [{ partition_id: 1, enabled: true }, 'body.enabled'],
    [{ partition_id: 99_999, enabled: false }, 'body.partition_id'],
    [{ partition_id: 1, enabled: false, idle_timeout_seconds: 5 }, 'body.idle_timeout_seconds'],
    [{ partition_id: 1, enabled: false, max_duration_seconds: 8 * 24 * 3600 }, 'body.max_duration_seconds'],
    [{ partition_id: 1, enabled: false, host: 'login.example.org' }, 'body.host_key_sha256'],
    [{ partition_id: 1, enabled: false, host: 'rm -rf /', host_key_sha256: `SHA256:${'B'.repeat(43)}` }, 'body.host'],
    [{ partition_id: 1, enabled: 'yes' }, 'body.enabled'],
  ])('refuses %j naming %s', async (payload, field) => {
    const reply = await call<{ fields: { path: string }[] }>(t.app, 'PATCH', '/kcluster/partition_webssh', admin, payload);
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields.map((f) => f.path)).toContain(field);
  });

  it('refuses a shell on a kubernetes cluster', async () => {
    const gpu = (await call<Partition>(t.app, 'POST', '/kcluster/partitions', admin, { cluster_id: kube.id, name: 'gpu' })).spec;
    const reply = await call<{ fields: { path: string }[] }>(t.app, 'PATCH', '/kcluster/partition_webssh', admin, { partition_id: gpu.id, enabled: false });
    expect(reply.code).toBe(1400);
    expect(reply.info).toContain('HPC');
  });

  it('removes a setting, and keeps writing to administrators', async () => {
    expect((await call(t.app, 'PATCH', '/kcluster/partition_webssh', bound, { partition_id: debug.id, enabled: false })).code).toBe(1403);
    expect((await call(t.app, 'DELETE', `/kcluster/partition_webssh?partition_id=${secret.id}`, bound)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/partition_webssh', unbound)).code).toBe(1403);
    expect((await call(t.app, 'DELETE', `/kcluster/partition_webssh?partition_id=${secret.id}`, admin)).code).toBe(200);
    expect((await call(t.app, 'DELETE', `/kcluster/partition_webssh?partition_id=${secret.id}`, admin)).code).toBe(1404);
    expect((await call(t.app, 'DELETE', '/kcluster/partition_webssh?partition_id=x', admin)).code).toBe(1400);
  });

  describe('the shell socket refuses before anything opens', () => {
    const open = (token: string, headers: Record<string, string>, query = 'cluster=hpc01&partition=debug') =>
      t.app.injectWS(api(`/kcluster/partition_webssh/shell?${query}&token=${encodeURIComponent(token)}`), { headers });
    const console = { host: 'console.example.org', origin: 'https://console.example.org' };

    it('refuses a foreign Origin, and a missing one', async () => {
      await expect(open(bound, { host: console.host, origin: 'https://evil.example.com' })).rejects.toThrow(/403/);
      await expect(open(bound, { host: console.host })).rejects.toThrow(/403/);
    });
    it('refuses a user with no bound account', async () => {
      await expect(open(unbound, console)).rejects.toThrow(/403/);
    });
    it('refuses a partition without an enabled shell, and a private one', async () => {
      await expect(open(bound, console, 'cluster=hpc01&partition=vault')).rejects.toThrow(/404/);
      await expect(open(bound, console, 'cluster=local&partition=local')).rejects.toThrow(/404/);
    });
    it("refuses an address outside the user's network policy on the cluster", async () => {
      const policy = await call<NetworkPolicy>(t.app, 'POST', '/kcluster/network-policy', admin, { cluster: 'hpc01', user: 'demo-bound', allowed_sources: ['10.0.0.0/8'] });
      expect(policy.code).toBe(200);
      await expect(open(bound, console)).rejects.toThrow(/403/);
      await call(t.app, 'DELETE', `/kcluster/network-policy/${policy.spec.id}`, admin);
      // without a policy the address is not limited: the next refusal is the key file that does not exist (1502)
      await expect(open(bound, console)).rejects.toThrow(/502/);
    });
  });
});
