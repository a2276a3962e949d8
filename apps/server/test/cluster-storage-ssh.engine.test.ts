import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filesystem, StorageQuota, StorageSpecItem } from '@starlight/contract/cluster-storage';
import type { List } from '@starlight/contract/envelope';
import { bindReplies, type Cluster } from '@starlight/contract/hpc';
import type { DirInfo, FileEntry, UploadSession, UserStoragePath } from '@starlight/contract/storage';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { bindOverSocket, call, getUuid, holdRealSlurmDuringSuite } from './hpc-helpers';
import { sha256, storageClient, type StorageClient } from './storage-helpers';
import { hostileRows, plantHostileLinks, runHostileTable } from './storage-hostile';

/*
 * The storage journey on the ssh driver (issue 5): a Slurm cluster with SSH login-node settings from the
 * environment (`source /tmp/svc.env`, STARLIGHT_TEST_SSH_*), its storage /home/{account} reached over
 * SFTP as the bound account (sl_alice_lab, sl_bob_lab). Skipped with a printed reason without the
 * services; failing when CI=true.
 */
const run = promisify(execFile);
const env = process.env;
const missing = ['SLURMRESTD_URL', 'SLURM_JWT_KEY_FILE', 'STARLIGHT_TEST_SSH_HOST', 'STARLIGHT_TEST_SSH_PORT', 'STARLIGHT_TEST_SSH_KEY', 'STARLIGHT_TEST_SSH_HOSTKEY_SHA256'].filter(
  (name) => !env[name],
);
const reason = missing.length > 0 ? `missing ${missing.join(', ')}` : process.getuid?.() !== 0 ? 'not root (chown of the proof file needs it)' : null;
if (reason && env.CI === 'true') throw new Error(`the ssh storage suite cannot run in CI: ${reason}`);
if (reason) console.warn(`[cluster-storage-ssh] skipped: ${reason} — source /tmp/svc.env (or eval "$(bash scripts/services-up.sh)") as root`);

const clusterName = 'sshcluster';
const partitions = (env.SLURM_PARTITIONS ?? 'debug long').split(/\s+/).filter(Boolean);
const target = { cluster: clusterName, storage: 'home' };
const homeOf = (account: string) => `/home/${account}`;
const idOf = async (account: string) => ({
  uid: Number((await run('id', ['-u', account])).stdout.trim()),
  gid: Number((await run('id', ['-g', account])).stdout.trim()),
});
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe.skipIf(reason !== null)('storage on a Slurm cluster over SFTP as the bound account', { timeout: 120_000 }, () => {
  holdRealSlurmDuringSuite();
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let alice: StorageClient; // demo-user → sl_alice_lab
  let bob: StorageClient; // demo-auditor → sl_bob_lab
  const runDir = `starlight-storage-${process.pid}`;
  const outside = path.join(os.tmpdir(), `starlight-outside-${process.pid}`);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-sshstore-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    admin = await login(t.app, 'admin', adminPassword);
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, {
      name: clusterName,
      driver: 'slurm',
      settings: {
        rest_url: env.SLURMRESTD_URL,
        jwt_key_file: env.SLURM_JWT_KEY_FILE,
        default_account: 'research',
        ssh: { host: env.STARLIGHT_TEST_SSH_HOST, port: Number(env.STARLIGHT_TEST_SSH_PORT), host_key_sha256: env.STARLIGHT_TEST_SSH_HOSTKEY_SHA256, key_file: env.STARLIGHT_TEST_SSH_KEY },
      },
    });
    expect(created.code).toBe(200);
    for (const [user, account] of [['demo-user', 'sl_alice_lab'], ['demo-auditor', 'sl_bob_lab']] as const) {
      const token = await login(t.app, user, demoPassword);
      const uuid = await getUuid(t.app, token);
      const proof = path.join(homeOf(account), '.starlight-bind');
      await writeFile(proof, `${uuid}\n`, { mode: 0o600 });
      const { uid, gid } = await idOf(account);
      await chown(proof, uid, gid);
      expect(await bindOverSocket(t.app, token, account, uuid)).toBe(bindReplies.bound);
    }
    [alice, bob] = await Promise.all([storageClient(t.app, 'demo-user'), storageClient(t.app, 'demo-auditor')]);
    for (const account of ['sl_alice_lab', 'sl_bob_lab']) await rm(path.join(homeOf(account), runDir), { recursive: true, force: true });
  });
  afterAll(async () => {
    for (const account of ['sl_alice_lab', 'sl_bob_lab']) {
      await rm(path.join(homeOf(account), runDir), { recursive: true, force: true });
      await rm(path.join(homeOf(account), `${runDir}-hostile`), { recursive: true, force: true });
      await rm(path.join(homeOf(account), '.starlight-bind'), { force: true });
    }
    await rm(outside, { recursive: true, force: true });
    if (t) await stopTestApp(t);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('offers the ssh storage only once it is related to every partition of the cluster (§5)', async () => {
    const fs = await call<Filesystem>(t.app, 'POST', '/kcluster/filesystems', admin, { name: 'home', cluster_name: clusterName, driver: 'ssh', root: '/home/{account}' });
    expect(fs).toMatchObject({ code: 200, spec: { driver: 'ssh', offered: false } });
    // a local storage on a Slurm cluster is refused
    expect((await call(t.app, 'POST', '/kcluster/filesystems', admin, { name: 'other', cluster_name: clusterName, driver: 'local', root: '/x/{account}' })).code).toBe(1400);
    const [first, ...rest] = partitions;
    expect((await call(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: clusterName, partition_name: first, storage_name: 'home' })).code).toBe(200);
    if (rest.length > 0) {
      expect((await alice.get('/storage/dir_info', { dir: '.', ...target })).envelope).toMatchObject({ code: 1403 });
      const spec = (await call<List<StorageSpecItem>>(t.app, 'GET', `/storage/hpc/storage/spec?cluster=${clusterName}`, alice.headers['bihu-token'])).spec;
      expect(spec.list).toEqual([]);
    }
    for (const p of rest) expect((await call(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: clusterName, partition_name: p, storage_name: 'home' })).code).toBe(200);
    const spec = (await call<List<StorageSpecItem>>(t.app, 'GET', `/storage/hpc/storage/spec?cluster=${clusterName}&verbose=true`, alice.headers['bihu-token'])).spec;
    expect(spec.list).toEqual([expect.objectContaining({ StorageName: 'home', driver: 'ssh', path: homeOf('sl_alice_lab'), default: false })]);
  });

  it('runs the journey as the account: mkdir, chunked upload with resume, previews, download, delete', async () => {
    const home = (await alice.get<UserStoragePath>('/storage/user_storage_path', target)).envelope!.spec;
    expect(home).toMatchObject({ path: homeOf('sl_alice_lab'), account: 'sl_alice_lab', driver: 'ssh' });
    expect((await alice.call('POST', `/storage/mkdir?cluster=${clusterName}&storage=home`, { path: `${runDir}/journey`, parents: true })).envelope!.code).toBe(200);

    // chunked, resumed: half the chunks, the session asked for, then the rest
    const data = Buffer.alloc(4 * 65536 + 123);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + 7) & 0xff;
    const file = `${runDir}/journey/data.bin`;
    const created = await alice.call<UploadSession>('POST', `/storage/upload_session?cluster=${clusterName}&storage=home`, { path: file, size: data.length, chunk_size: 65536, sha256: sha256(data) });
    expect(created.envelope).toMatchObject({ code: 200, spec: { chunk_count: 5 } });
    const id = created.envelope!.spec.id;
    const chunk = (i: number) => data.subarray(i * 65536, Math.min(data.length, (i + 1) * 65536));
    const send = (i: number) => alice.call('PUT', `/storage/upload_session/${id}/chunk/${i}`, chunk(i), { 'x-chunk-sha256': sha256(chunk(i)) });
    for (const i of [0, 3]) expect((await send(i)).envelope!.code).toBe(200);
    const resumed = await alice.get<UploadSession>(`/storage/upload_session/${id}`, {});
    expect(resumed.envelope!.spec.received).toEqual([0, 3]);
    for (const i of [1, 2, 4]) expect((await send(i)).envelope!.code).toBe(200);
    const done = await alice.call<FileEntry>('POST', `/storage/upload_session/${id}/complete`, {});
    expect(done.envelope).toMatchObject({ code: 200, spec: { name: 'data.bin', size: data.length } });
    // written as the account, on the cluster's disk
    const onDisk = await stat(path.join(homeOf('sl_alice_lab'), file));
    expect(onDisk.uid).toBe((await idOf('sl_alice_lab')).uid);

    const download = await alice.get('/storage/download', { path: file, ...target });
    expect(download.response.statusCode).toBe(200);
    expect(sha256(download.response.rawPayload)).toBe(sha256(data));

    expect((await alice.put('/storage/upload', { path: `${runDir}/journey/notes.txt`, ...target }, Buffer.from('héllo over sftp\n'))).envelope!.code).toBe(200);
    const text = await alice.get('/storage/view', { type: 'text', file: `${runDir}/journey/notes.txt`, ...target });
    expect(text.response.body).toBe('héllo over sftp\n');
    expect((await alice.put('/storage/upload', { path: `${runDir}/journey/pic.png`, ...target }, png)).envelope!.code).toBe(200);
    const image = await alice.get('/storage/view', { type: 'image', file: `${runDir}/journey/pic.png`, ...target });
    expect(image.response.headers['content-type']).toBe('image/png');
    expect(image.response.rawPayload.equals(png)).toBe(true);

    const listed = (await alice.get<DirInfo>('/storage/dir_info', { dir: `${runDir}/journey`, ...target })).envelope!.spec;
    expect(listed.list.map((e) => e.name)).toEqual(['data.bin', 'notes.txt', 'pic.png']);
    expect((await alice.del('/storage/file', { path: `${runDir}/journey/pic.png`, permanent: true, ...target })).envelope!.code).toBe(200);
    expect(await readdir(path.join(homeOf('sl_alice_lab'), runDir, 'journey'))).toEqual(['data.bin', 'notes.txt']);
  });

  it("keeps alice out of bob's home through every call", async () => {
    await bob.call('POST', `/storage/mkdir?cluster=${clusterName}&storage=home`, { path: runDir });
    expect((await bob.put('/storage/upload', { path: `${runDir}/bob-secret.txt`, ...target }, Buffer.from('bob only'))).envelope!.code).toBe(200);
    const theirs = `${homeOf('sl_bob_lab')}/${runDir}/bob-secret.txt`;
    for (const p of [theirs, `../sl_bob_lab/${runDir}/bob-secret.txt`, `${homeOf('sl_alice_lab')}/../sl_bob_lab/${runDir}/bob-secret.txt`]) {
      expect((await alice.get('/storage/state', { file: p, ...target })).envelope!.code).toBe(1403);
      expect((await alice.get('/storage/download', { path: p, ...target })).envelope!.code).toBe(1403);
      expect((await alice.get('/storage/view', { type: 'text', file: p, ...target })).envelope!.code).toBe(1403);
      expect((await alice.get('/storage/dir_info', { dir: path.posix.dirname(p), ...target })).envelope!.code).toBe(1403);
      expect((await alice.put('/storage/upload', { path: p, overwrite: true, ...target }, Buffer.from('evil'))).envelope!.code).toBe(1403);
      expect((await alice.del('/storage/file', { path: p, permanent: true, ...target })).envelope!.code).toBe(1403);
      expect((await alice.call('POST', `/storage/copy?cluster=${clusterName}&storage=home`, { from: p, to: `${runDir}/stolen` })).envelope!.code).toBe(1403);
      expect((await alice.call('POST', `/storage/rename?cluster=${clusterName}&storage=home`, { from: p, to: `${runDir}/stolen` })).envelope!.code).toBe(1403);
      expect((await alice.call('POST', `/storage/copy?cluster=${clusterName}&storage=home`, { from: `${runDir}/journey/notes.txt`, to: `${p}.planted` })).envelope!.code).toBe(1403);
      expect((await alice.call('POST', `/storage/mkdir?cluster=${clusterName}&storage=home`, { path: `${p}.dir` })).envelope!.code).toBe(1403);
      expect((await alice.call('POST', `/storage/upload_session?cluster=${clusterName}&storage=home`, { path: `${p}.part`, size: 10 })).envelope!.code).toBe(1403);
    }
    expect((await readdir(path.join(homeOf('sl_bob_lab'), runDir)))).toEqual(['bob-secret.txt']);
  });

  it('answers every row of the hostile-path table through every call on the ssh driver', { timeout: 300_000 }, async () => {
    const setup = { home: homeOf('sl_alice_lab'), bobHome: homeOf('sl_bob_lab'), outside, run: `${runDir}-hostile`, owner: await idOf('sl_alice_lab') };
    await plantHostileLinks(setup);
    expect(hostileRows(setup).length).toBeGreaterThanOrEqual(30);
    expect(await runHostileTable(alice, setup, target)).toBeGreaterThan(400);
    expect((await readdir(outside)).sort()).toEqual(['secret.txt', 'sub']);
  });

  it('measures usage over SFTP and refuses an upload past the quota before any byte reaches the cluster', async () => {
    const set = await call<StorageQuota>(t.app, 'PATCH', '/storage/hpc/storage/user', admin, { user_name: 'demo-user', ...target, limit_bytes: 1 });
    expect(set.code).toBe(200);
    expect(set.spec.used_bytes).toBeGreaterThanOrEqual(4 * 65536);
    const before = await readdir(path.join(homeOf('sl_alice_lab'), runDir, 'journey'));
    const refused = await alice.put('/storage/upload', { path: `${runDir}/journey/more.bin`, ...target }, Buffer.alloc(1000));
    expect(refused.envelope).toMatchObject({ code: 1409, spec: { reason: 'storage-quota-exceeded' } });
    const session = await alice.call('POST', `/storage/upload_session?cluster=${clusterName}&storage=home`, { path: `${runDir}/journey/more.bin`, size: 1000 });
    expect(session.envelope).toMatchObject({ code: 1409 });
    expect(await readdir(path.join(homeOf('sl_alice_lab'), runDir, 'journey'))).toEqual(before);
    await call(t.app, 'PATCH', '/storage/hpc/storage/user', admin, { user_name: 'demo-user', ...target, limit_bytes: null });
  });
});
