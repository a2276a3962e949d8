// Helpers for the benchmarks: start the built server on a temp data dir, sign in, run autocannon.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on now (the kernel's pick), for a server started next. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const portBusy = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true))).once('error', () => resolve(false));
  });

/**
 * The built server on loopback. `dataDir` and `password`: a restart on the data of an earlier start (the
 * caller made the directory and removes it; the admin password is the first start's).
 */
export async function startServer({ port = 18080, env = {}, dataDir: reuse, password: knownPassword } = {}) {
  // otherwise the health poll below could find someone else's server on that port and sign in to it
  if (await portBusy(port)) throw new Error(`127.0.0.1:${port} is already in use (another server?)`);
  const dataDir = reuse ?? mkdtempSync(path.join(tmpdir(), 'starlight-bench-'));
  const password = knownPassword ?? `Bench-${Math.random().toString(36).slice(2)}A1`;
  // BENCH_SERVER_JS: another build of the server (default: the repo's apps/server/dist)
  const child = spawn(process.execPath, [process.env.BENCH_SERVER_JS ?? path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      STARLIGHT_HOST: '127.0.0.1',
      STARLIGHT_PORT: String(port),
      STARLIGHT_DATA_DIR: dataDir,
      STARLIGHT_LOG_LEVEL: 'warn',
      STARLIGHT_INITIAL_ADMIN_PASSWORD: password,
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, password, dataDir, stop };
}

export async function login(base, name, password) {
  const res = await fetch(`${base}/api/keystone/short_term_token/name`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login failed: ${body.code} ${body.info}`);
  return body.spec.token;
}

/** Bounded load: fixed duration, loopback only. */
export function load(url, { headers = {}, connections = 100, duration = 10 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

export const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});
