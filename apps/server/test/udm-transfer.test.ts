import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, Transfer } from '@starlight/contract/udm';
import { rcloneAvailable } from '../src/drivers/transfer/rclone';
import { adminToken, call, setKeys } from './admin-helpers';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { tempDataDir } from './storage-helpers';

/**
 * A real transfer: Debian's rclone copies from the test sshd (SFTP, 127.0.0.1:2222, user alice) into a
 * bound user's home; the server is stopped mid-way and started again on the same database and data
 * directory, and the transfer completes with SHA-1 sums matching the source files. Needs rclone and the
 * sshd (scripts/services/sshd-up.sh); skipped without them locally, an error in CI.
 */
const sshKey = process.env.STARLIGHT_TEST_SSH_KEY;
const ready = !!sshKey && rcloneAvailable();
if (!ready && process.env.CI) throw new Error('udm transfer test: STARLIGHT_TEST_SSH_KEY and rclone are required in CI (scripts/services-up.sh)');
if (!ready) console.warn('skipping the rclone transfer test: no test sshd (STARLIGHT_TEST_SSH_KEY) or no rclone');

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');
const srcDir = `/home/alice/udm-src-${process.pid}`;
const files: Record<string, Buffer> = { 'big.bin': randomBytes(24 * 1024 * 1024), 'notes/a.txt': Buffer.from('星光 data\n'), 'notes/b.txt': randomBytes(4096) };

describe.skipIf(!ready)('data source transfers (rclone over SFTP)', () => {
  let t: TestApp;
  let data: { dir: string; remove: () => Promise<void> };
  let admin: string;
  let user: string;
  const env = () => ({ STARLIGHT_DATA_DIR: data.dir });

  beforeAll(async () => {
    const uid = Number(execFileSync('id', ['-u', 'alice']).toString());
    const gid = Number(execFileSync('id', ['-g', 'alice']).toString());
    for (const [name, bytes] of Object.entries(files)) {
      const full = `${srcDir}/${name}`;
      await mkdir(full.slice(0, full.lastIndexOf('/')), { recursive: true });
      await writeFile(full, bytes);
    }
    execFileSync('chown', ['-R', `${uid}:${gid}`, srcDir]);
    await chown(srcDir, uid, gid);
    data = await tempDataDir();
    t = await startTestApp({ env: env() });
    admin = await adminToken(t);
    await setKeys(t, admin, 'demo-bound', 'udm-starter', ['create_start_datasource']);
    user = await login(t.app, 'demo-bound', demoPassword);
  }, 60_000);
  afterAll(async () => {
    await stopTestApp(t);
    await data.remove();
    await rm(srcDir, { recursive: true, force: true });
  });

  const source = async () => ({
    name: 'alice-sftp',
    kind: 'sftp',
    host: '127.0.0.1',
    port: 2222,
    username: 'alice',
    secret: await readFile(sshKey as string, 'utf8'),
    remote_path: srcDir,
    target_path: 'incoming/alice',
    bandwidth_limit: '6M',
  });
  const fieldsOf = (e: { spec: unknown }) => ((e.spec as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

  it('refuses loopback and metadata addresses until an admin allows them, and bad paths', async () => {
    const refused = await call(t, user, 'POST', '/udm/datasource', await source());
    expect(refused.code).toBe(1400);
    expect(fieldsOf(refused)).toEqual(['body.host']);
    const metadata = await call(t, user, 'POST', '/udm/datasource', { ...(await source()), host: '169.254.169.254', port: 80, kind: 'webdav' });
    expect(fieldsOf(metadata)).toEqual(['body.host']);
    expect(fieldsOf(await call(t, user, 'POST', '/udm/datasource', { ...(await source()), target_path: '../escape' }))).toEqual(['body.target_path']);
    expect((await call(t, user, 'POST', '/udm/allowed_host', { host: '127.0.0.1:2222' })).code).toBe(1403);
    expect((await call(t, admin, 'POST', '/udm/allowed_host', { host: '127.0.0.1:2222', note: 'test sshd' })).code).toBe(200);
    // still refused on another port of the same host
    expect(fieldsOf(await call(t, user, 'POST', '/udm/datasource', { ...(await source()), port: 22 }))).toEqual(['body.host']);
  });

  it('copies, survives a server restart mid-way, and reports matching checksums', async () => {
    const created = await call<DataSource>(t, user, 'POST', '/udm/datasource', await source());
    expect(created.code).toBe(200);
    expect(created.spec).toMatchObject({ has_secret: true });
    expect(JSON.stringify(created.spec)).not.toContain('PRIVATE KEY');
    const started = await call<Transfer>(t, user, 'POST', `/udm/datasource/${created.spec.id}/start`);
    expect(started.code).toBe(200);
    expect((await call(t, user, 'POST', `/udm/datasource/${created.spec.id}/start`)).code).toBe(1409);
    const id = started.spec.id;

    // wait until some bytes moved, but not all, then stop the server
    let seen: Transfer | undefined;
    for (let i = 0; i < 100; i++) {
      seen = (await call<Transfer>(t, user, 'GET', `/udm/transfer/${id}`)).spec;
      if (seen.bytes_done > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen?.state).toBe('running');
    expect(seen?.bytes_done).toBeGreaterThan(0);
    expect(seen?.bytes_done).toBeLessThan(seen?.bytes_total ?? 0);
    await t.app.close();

    t = await startTestApp({ env: env(), database: t.database });
    user = await login(t.app, 'demo-bound', demoPassword);
    let final: Transfer | undefined;
    for (let i = 0; i < 300; i++) {
      final = (await call<Transfer>(t, user, 'GET', `/udm/transfer/${id}`)).spec;
      if (final.state !== 'running' && final.state !== 'queued') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(final?.error).toBe('');
    expect(final?.state).toBe('done');
    expect(final?.attempts).toBe(2);
    expect(final?.checksum_ok).toBe(true);
    const sums = Object.fromEntries((final?.checksums ?? []).map((c) => [c.path, c.sha1]));
    expect(sums).toEqual(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha1(bytes)])));
    expect(final?.checksums.every((c) => c.match)).toBe(true);
  }, 120_000);
});
