import { execFile } from 'node:child_process';
import { chown, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindReplies, type Cluster } from '@starlight/contract/hpc';
import type { UploadSession } from '@starlight/contract/storage';
import { chunkSha256Header } from '@starlight/contract/storage';
import { createSshFileDriver } from '../src/drivers/files/ssh/ssh-driver';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { bindOverSocket, call, getUuid, holdRealSlurmDuringSuite, realSlurmSettings } from './hpc-helpers';
import { ownSshdUnavailable, startOwnSshd, type OwnSshd } from './own-sshd';
import { freePort, rawRequest, type RawReply } from './raw-http';
import { sha256, storageClient, tempDataDir, type StorageClient } from './storage-helpers';

/*
 * Issue 26: an upload to SSH storage when the SSH server dies mid-way never answered, logged nothing, kept its
 * socket and a 32 MB part file. Here the storage's login node is an OpenSSH server of this suite's own (own-sshd.ts,
 * on a port of 20220-20239; the shared one on 2222 is never touched), killed mid-upload (the listener and the
 * processes serving the console's connection, SIGKILL), then started again on the same port.
 */
const run = promisify(execFile);
const env = process.env;
const missing = ['SLURMRESTD_URL', 'SLURM_JWT_KEY_FILE', 'STARLIGHT_TEST_SSH_KEY', 'STARLIGHT_TEST_SSH_HOSTKEY_SHA256'].filter((name) => !env[name]);
const reason = missing.length > 0 ? `missing ${missing.join(', ')}` : ownSshdUnavailable();
if (reason && env.CI === 'true') throw new Error(`the ssh outage suite cannot run in CI: ${reason}`);
if (reason) console.warn(`[storage-ssh-outage] skipped: ${reason}`);

const account = 'sl_alice_lab';
const clusterName = 'sshoutage';
const home = `/home/${account}`;
const runDir = `starlight-outage-${process.pid}`;
const envelope = (reply: RawReply) => JSON.parse(reply.body) as { code: number; info: string; spec: Record<string, unknown> };
const partsIn = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).filter((n) => n.startsWith('.starlight-part-'));
async function until(what: string, ms: number, test: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

describe.skipIf(reason !== null)('an upload to SSH storage whose server dies mid-way', { timeout: 120_000 }, () => {
  holdRealSlurmDuringSuite();
  let t: TestApp;
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let sshd: OwnSshd;
  let sshPort: number;
  let port: number;
  let alice: StorageClient;
  const target = `cluster=${clusterName}&storage=home`;

  beforeAll(async () => {
    sshPort = await freePort(20220, 20239);
    sshd = await startOwnSshd(sshPort);
    data = await tempDataDir();
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir, STARLIGHT_LOG_LEVEL: 'warn' } });
    port = await freePort(20240, 20259);
    await t.app.listen({ host: '127.0.0.1', port });
    const admin = await login(t.app, 'admin', adminPassword);
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, { name: clusterName, driver: 'slurm', settings: realSlurmSettings({ host: '127.0.0.1', port: sshPort }) });
    expect(created.code).toBe(200);
    expect((await call(t.app, 'POST', '/kcluster/filesystems', admin, { name: 'home', cluster_name: clusterName, driver: 'ssh', root: '/home/{account}' })).code).toBe(200);
    for (const partition of (env.SLURM_PARTITIONS ?? 'debug long').split(/\s+/).filter(Boolean))
      expect((await call(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: clusterName, partition_name: partition, storage_name: 'home' })).code).toBe(200);
    const token = await login(t.app, 'demo-user', demoPassword);
    const uuid = await getUuid(t.app, token);
    const proof = path.join(home, '.starlight-bind');
    await writeFile(proof, `${uuid}\n`, { mode: 0o600 });
    const [uid, gid] = await Promise.all([run('id', ['-u', account]), run('id', ['-g', account])]);
    await chown(proof, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
    expect(await bindOverSocket(t.app, token, account, uuid)).toBe(bindReplies.bound);
    alice = await storageClient(t.app, 'demo-user');
    expect((await alice.call('POST', `/storage/mkdir?${target}`, { path: runDir })).envelope?.code).toBe(200);
  });
  afterAll(async () => {
    await rm(path.join(home, runDir), { recursive: true, force: true });
    await rm(path.join(home, '.starlight-bind'), { force: true });
    if (t) await stopTestApp(t);
    if (sshd) await sshd.stop();
    if (data) await data.remove();
  });

  it('answers 1502 at once, closes the request, logs one line, and removes the part once the server is back', async () => {
    const declared = 256 * 1024 * 1024;
    const upload = rawRequest(port, {
      method: 'PUT',
      path: `/api/storage/upload?path=${runDir}/big.bin&${target}`,
      headers: { ...alice.headers, 'content-type': 'application/octet-stream', 'content-length': String(declared) },
    });
    // the client keeps sending while it can (as a browser would): 1 MiB every 20 ms
    const piece = Buffer.alloc(1024 * 1024, 0x5a);
    const feeder = setInterval(() => upload.send(piece), 20);
    try {
      await until('a part file of 4 MiB on the storage', 30_000, async () => {
        const [part] = await partsIn(path.join(home, runDir));
        return part !== undefined && (await stat(path.join(home, runDir, part))).size > 4 * 1024 * 1024;
      });
      const killedAt = Date.now();
      await sshd.kill();
      const reply = await upload.reply;
      const answeredAfterKill = Date.now() - killedAt;
      expect(answeredAfterKill).toBeLessThan(5000);
      expect(reply.status).toBe(502);
      expect(envelope(reply)).toMatchObject({ code: 1502, spec: { reason: 'unavailable' } });
      expect(reply.headers.connection).toBe('close');
    } finally {
      clearInterval(feeder);
    }
    const lines = t.logs().filter((l) => String(l.msg).startsWith('upload failed'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, path: `${runDir}/big.bin`, cluster: clusterName, code: 1502 });
    // the storage is down: the part is still there; it goes once the server answers again
    expect(await partsIn(path.join(home, runDir))).toHaveLength(1);
    sshd = await startOwnSshd(sshPort);
    const ms = await until('the part removed', 40_000, async () => (await partsIn(path.join(home, runDir))).length === 0);
    console.log(`[storage-ssh-outage] part removed ${ms} ms after the server was back`);
    expect(await readdir(path.join(home, runDir))).toEqual([]);
  });

  it('fails a chunk with 1502 when the server dies, keeps the session resumable, and completes once it is back', async () => {
    const size = 8 * 1024 * 1024;
    const bytes = Buffer.alloc(size, 0x33);
    const begun = await alice.call<UploadSession>('POST', `/storage/upload_session?${target}`, { path: `${runDir}/chunked.bin`, size, chunk_size: size, sha256: sha256(bytes) });
    expect(begun.envelope?.code).toBe(200);
    const id = begun.envelope!.spec.id;
    await sshd.kill();
    const refused = await alice.call('PUT', `/storage/upload_session/${id}/chunk/0`, bytes, { [chunkSha256Header]: sha256(bytes) });
    expect(refused.envelope).toMatchObject({ code: 1502 });
    sshd = await startOwnSshd(sshPort);
    expect((await alice.get<UploadSession>(`/storage/upload_session/${id}`, {})).envelope?.spec.received).toEqual([]);
    expect((await alice.call('PUT', `/storage/upload_session/${id}/chunk/0`, bytes, { [chunkSha256Header]: sha256(bytes) })).envelope?.code).toBe(200);
    expect((await alice.post(`/storage/upload_session/${id}/complete`, {})).envelope?.code).toBe(200);
    expect((await stat(path.join(home, runDir, 'chunked.bin'))).size).toBe(size);
  });
});

describe.skipIf(reason !== null)('a file server that stops answering without closing the connection', { timeout: 60_000 }, () => {
  it('fails the write with 1502 once keepalives go unanswered (SIGSTOP to the processes serving it)', async () => {
    const sshPort = await freePort(20220, 20239);
    const frozen = await startOwnSshd(sshPort);
    const driver = createSshFileDriver({
      host: '127.0.0.1',
      port: sshPort,
      hostKeySha256: env.STARLIGHT_TEST_SSH_HOSTKEY_SHA256 as string,
      privateKey: await readFile(env.STARLIGHT_TEST_SSH_KEY as string, 'utf8'),
      keepaliveMs: 500,
      keepaliveCountMax: 3,
    });
    const file = `${runDir}-frozen.bin`;
    try {
      const writable = await driver.writeStream({ account }, file);
      const body = new Readable({ read() { setTimeout(() => this.push(Buffer.alloc(256 * 1024, 1)), 5); } });
      const writing = pipeline(body, writable).then(() => null, (err: unknown) => err);
      await until('a part file on the storage', 20_000, async () => (await partsIn(home)).length > 0);
      const frozenAt = Date.now();
      await frozen.freeze();
      const failure = await writing;
      const ms = Date.now() - frozenAt;
      console.log(`[storage-ssh-outage] frozen server given up after ${ms} ms`);
      expect(failure).toMatchObject({ code: 1502, spec: { reason: 'unavailable' } });
      expect(ms).toBeLessThan(5000);
    } finally {
      await driver.close();
      await frozen.stop();
      for (const part of await partsIn(home)) await rm(path.join(home, part), { force: true });
    }
  });
});
