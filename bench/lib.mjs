// Helpers for the benchmarks: start the built server on a temp data dir, sign in, run autocannon.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.(ts|sql|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

/** Rebuilds apps/server when its dist is missing or older than its sources (a bench must measure the code as it is). */
export function ensureServerBuilt() {
  let built = 0;
  try {
    built = statSync(path.join(root, 'apps/server/dist/server.js')).mtimeMs;
  } catch {
    /* not built */
  }
  const sources = Math.max(...['apps/server/src', 'apps/server/drizzle', 'packages/contract/src'].map((d) => newestMtime(path.join(root, d))));
  if (built >= sources) return;
  console.log(`apps/server/dist is ${built ? 'older than its sources' : 'missing'}: npm run build -w apps/server`);
  const b = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (b.status !== 0) throw new Error('npm run build -w apps/server failed');
}

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
 * The port a bench's server listens on: `--port N` on the bench's command line, else `BENCH_PORT`, else a
 * free one the kernel picks (never a fixed number: a port another server holds made the bench fail).
 */
export async function benchPort(argv = process.argv.slice(2), env = process.env) {
  const i = argv.indexOf('--port');
  const given = i >= 0 ? argv[i + 1] : (argv.find((a) => a.startsWith('--port='))?.slice('--port='.length) ?? env.BENCH_PORT);
  if (given === undefined || given === '') return freePort();
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port / BENCH_PORT: ${given} is not a port number`);
  return port;
}

/**
 * The built server on loopback, on `port` (default: benchPort()). `dataDir` and `password`: a restart on the data of an earlier start (the
 * caller made the directory and removes it; the admin password is the first start's).
 */
export async function startServer({ port: wanted, env = {}, dataDir: reuse, password: knownPassword, startTimeoutMs = Number(process.env.BENCH_START_TIMEOUT_S ?? 60) * 1000 } = {}) {
  const port = wanted ?? (await benchPort());
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
      STARLIGHT_SESSION_PORT: '0',
      STARLIGHT_DATA_DIR: dataDir,
      STARLIGHT_LOG_LEVEL: 'warn',
      STARLIGHT_INITIAL_ADMIN_PASSWORD: password,
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      // not left running (and holding the port) after the bench gives up on it
      child.kill('SIGTERM');
      if (!reuse) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(child.exitCode !== null ? `server exited with ${child.exitCode} before it answered` : `server did not start within ${startTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, password, dataDir, pid: child.pid, stop };
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

/**
 * Bounded load: fixed duration, loopback only. The result also counts the answers slower than `slowMs`
 * (`r.slow`; autocannon's histogram only gives percentiles).
 */
export function load(url, { headers = {}, connections = 100, duration = 10, slowMs = 1000 } = {}) {
  return new Promise((resolve, reject) => {
    let slow = 0;
    const instance = autocannon({ url, headers, connections, duration }, (err, r) => (err ? reject(err) : resolve({ ...r, slow })));
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (responseTime >= slowMs) slow++;
    });
  });
}

export const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

/**
 * Fairness, counted rather than timed (so a loaded machine does not blur it): `connections` callers each
 * send one request at a time until `total` were sent; for each answer, how many other answers arrived
 * while it waited. First come first served gives connections − 1 for every request; a request passed
 * over again and again (starved) shows many more. Loopback only, bounded by `total`.
 */
export async function overtaken(url, { headers = {}, connections = 200, total = 3000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let done = 0;
  let sent = 0;
  const counts = [];
  const one = () =>
    new Promise((resolve) => {
      const request = http.get(url, { agent, headers }, (res) => res.resume().once('end', resolve));
      request.once('error', resolve);
    });
  const caller = async () => {
    while (sent < total) {
      sent++;
      const before = done;
      await one();
      counts.push(done - before);
      done++;
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  agent.destroy();
  counts.sort((a, b) => a - b);
  const at = (p) => counts[Math.min(counts.length - 1, Math.floor(p * counts.length))];
  return { p50: at(0.5), p999: at(0.999), max: counts[counts.length - 1] };
}

/**
 * New connections under load: `connections` keep-alive callers keep the server busy (`total` requests);
 * once they run, `late` callers each open a fresh connection and time their first answer. libuv accepts
 * one connection per event-loop turn, so this is what a long turn costs a newcomer (a user opening the
 * console while others work). Loopback only, bounded by `total`.
 */
export async function lateComers(url, { headers = {}, connections = 200, total = 3000, late = 20, afterMs = 1000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let sent = 0;
  const get = (options) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(url, { ...options, headers }, (res) => res.resume().once('end', () => resolve(performance.now() - started)));
      request.once('error', () => resolve(Number.NaN));
    });
  const caller = async () => {
    while (sent < total) {
      sent++;
      await get({ agent });
    }
  };
  const load = Promise.all(Array.from({ length: connections }, caller));
  await new Promise((r) => setTimeout(r, afterMs));
  const times = sent < total ? await Promise.all(Array.from({ length: late }, () => get({ agent: false }))) : [];
  await load;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { count: times.length, p50: times[Math.floor(times.length / 2)] ?? Number.NaN, max: times[times.length - 1] ?? Number.NaN };
}

/** A bench's own prefix for the Unix users a root server makes for bound accounts (removed by `removeUnixUsers`). */
export const unixPrefixFor = () => `slb${Math.random().toString(16).slice(2, 8)}-`;

/** Removes the Unix users and groups named with `prefix` (a bench's server made them; their jobs are over). */
export function removeUnixUsers(prefix) {
  if (process.getuid?.() !== 0) return;
  for (const file of ['/etc/passwd', '/etc/group']) {
    const names = readFileSync(file, 'utf8').split('\n').map((l) => l.split(':')[0]).filter((n) => n.startsWith(prefix));
    for (const name of names) {
      try {
        execFileSync(file === '/etc/passwd' ? 'userdel' : 'groupdel', [name], { stdio: 'ignore' });
      } catch {
        /* already gone with its user */
      }
    }
  }
}
