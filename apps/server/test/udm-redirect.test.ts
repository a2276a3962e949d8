import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, Transfer } from '@starlight/contract/udm';
import { rcloneAvailable, rcloneBinary } from '../src/drivers/transfer/rclone';
import { adminToken, call, setKeys } from './admin-helpers';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { tempDataDir } from './storage-helpers';
import { freePort } from './throwaway-postgres';

/**
 * A WebDAV source on an allowed host that answers 302 to a port nobody allowed: rclone (Go's http client) would follow
 * it on its own. The transfer goes through the source proxy, which follows no redirect: the target gets no request and
 * the transfer fails saying why. A real WebDAV source (`rclone serve webdav`) still copies through the same proxy.
 */
const ready = rcloneAvailable();
if (!ready && process.env.CI) throw new Error('udm redirect test: rclone is required in CI (scripts/services-up.sh)');
if (!ready) console.warn('skipping the udm redirect test: no rclone');

interface Listener {
  port: number;
  requests: string[];
  close: () => Promise<void>;
}

async function listen(handler: (request: http.IncomingMessage, reply: http.ServerResponse) => void): Promise<Listener> {
  const requests: string[] = [];
  const server = http.createServer((request, reply) => {
    requests.push(`${request.method} ${request.url}`);
    handler(request, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    requests,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe.skipIf(!ready)('data source transfers follow no redirect (WebDAV through rclone)', () => {
  let t: TestApp;
  let data: { dir: string; remove: () => Promise<void> };
  let admin: string;
  let user: string;
  let internal: Listener;
  let redirector: Listener;
  let webdav: { port: number; process: ChildProcess; dir: string };
  const file = randomBytes(256 * 1024);

  beforeAll(async () => {
    data = await tempDataDir();
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir } });
    admin = await adminToken(t);
    await setKeys(t, admin, 'demo-bound', 'udm-redirects', ['create_start_datasource']);
    user = await login(t.app, 'demo-bound', demoPassword);
    // an internal service nobody allowed, and an allowed host that sends every request there
    internal = await listen((_request, reply) => reply.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret\n'));
    redirector = await listen((request, reply) => reply.writeHead(302, { location: `http://127.0.0.1:${internal.port}/admin${request.url ?? '/'}` }).end());
    const dir = await mkdtemp(path.join(tmpdir(), 'starlight-webdav-'));
    await mkdir(path.join(dir, 'data'));
    await writeFile(path.join(dir, 'data', 'sample.bin'), file);
    await chmod(dir, 0o755);
    const port = await freePort();
    const child = spawn(rcloneBinary, ['serve', 'webdav', '--config', '/dev/null', '--addr', `127.0.0.1:${port}`, dir], { stdio: 'ignore' });
    webdav = { port, process: child, dir };
    for (const hostPort of [`127.0.0.1:${redirector.port}`, `127.0.0.1:${port}`])
      expect((await call(t, admin, 'POST', '/udm/allowed_host', { host: hostPort, note: 'redirect test' })).code).toBe(200);
    for (let i = 0; i < 50 && !(await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    webdav?.process.kill('SIGTERM');
    await Promise.all([internal?.close(), redirector?.close(), stopTestApp(t)]);
    await Promise.all([data?.remove(), webdav && rm(webdav.dir, { recursive: true, force: true })]);
  });

  async function transferFrom(port: number, name: string): Promise<Transfer> {
    const source = await call<DataSource>(t, user, 'POST', '/udm/datasource', { name, kind: 'webdav', host: '127.0.0.1', port, username: 'u', secret: 'p', remote_path: '/data', target_path: `incoming/${name}` });
    expect(source.code, source.info).toBe(200);
    const started = await call<Transfer>(t, user, 'POST', `/udm/datasource/${source.spec.id}/start`);
    expect(started.code, started.info).toBe(200);
    for (let i = 0; i < 300; i++) {
      const seen = (await call<Transfer>(t, user, 'GET', `/udm/transfer/${started.spec.id}`)).spec;
      if (seen.state !== 'running' && seen.state !== 'queued') return seen;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the transfer did not end within 60 s');
  }

  it('refuses the redirect: its target receives no request, the transfer fails naming it', async () => {
    const transfer = await transferFrom(redirector.port, 'redirected');
    expect(redirector.requests.length).toBeGreaterThan(0);
    expect(internal.requests).toEqual([]);
    expect(transfer.state).toBe('failed');
    expect(transfer.error).toMatch(new RegExp(`answered 302 redirecting to http://127\\.0\\.0\\.1:${internal.port}/admin/.*: redirects are not followed`));
  }, 90_000);

  it('still copies from a real WebDAV source through the same proxy, checksums matching', async () => {
    const transfer = await transferFrom(webdav.port, 'plain-webdav');
    expect(transfer.error).toBe('');
    expect(transfer.state).toBe('done');
    expect(transfer.checksums).toEqual([expect.objectContaining({ path: 'sample.bin', sha1: createHash('sha1').update(file).digest('hex'), match: true })]);
  }, 90_000);
});
