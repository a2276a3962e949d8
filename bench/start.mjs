// Start-up time of the built server (issue 24): until `/api/health` answers, on a new data directory and on a
// restart of the same one (PGlite, the embedded defaults), next to a bare Fastify hello-world started on this
// machine in the same run. Wall time and the process's own CPU time (user + system, read from /proc when the
// first answer arrives: less sensitive to what else the machine runs). Best of BENCH_START_RUNS (3) each.
//   node bench/start.mjs [--port N]      (or BENCH_PORT; default: a free port)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { benchPort, ensureServerBuilt, root } from './lib.mjs';

const runs = Number(process.env.BENCH_START_RUNS ?? 3);
const ticks = 100; // USER_HZ on Linux
const port = await benchPort();

/** utime + stime of a process, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return NaN;
  }
}

/** Spawns `args`, polls `url` every 20 ms until it answers 200; returns wall and CPU ms, then stops the process. */
async function timeStart(args, url, env) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering:\n${stderr}`);
      if (performance.now() - started > 300_000) throw new Error('no answer within 300 s');
      const ok = await fetch(url).then((r) => r.ok, () => false);
      if (ok) return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const helloWorld = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: ${port} });
`;

// the embedded defaults, whatever the calling shell has set
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STARLIGHT_')));
const serverEnv = (dataDir) => {
  return { ...baseEnv, STARLIGHT_HOST: '127.0.0.1', STARLIGHT_PORT: String(port), STARLIGHT_SESSION_PORT: '0', STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn', STARLIGHT_ENV: 'test' };
};

ensureServerBuilt();
const serverJs = process.env.BENCH_SERVER_JS ?? path.join(root, 'apps/server/dist/server.js');
const health = `http://127.0.0.1:${port}/api/health`;
const samples = { hello: [], fresh: [], restart: [] };
for (let i = 0; i < runs; i++) {
  samples.hello.push(await timeStart(['--input-type=module', '-e', helloWorld], `http://127.0.0.1:${port}/`, baseEnv));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starlight-bench-start-'));
  try {
    for (const kind of ['fresh', 'restart']) samples[kind].push(await timeStart([serverJs], health, serverEnv(dataDir)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const best = (list, key) => Math.min(...list.map((s) => s[key]));
const hello = { wall: best(samples.hello, 'wall'), cpu: best(samples.hello, 'cpu') };
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${availableParallelism()} cores; best of ${runs}`);
console.log('| start | wall | × hello-world | CPU | × hello-world |');
console.log('|---|---|---|---|---|');
for (const [label, list] of [['Fastify hello-world', samples.hello], ['console, new data directory', samples.fresh], ['console, restart', samples.restart]]) {
  const wall = best(list, 'wall');
  const cpu = best(list, 'cpu');
  console.log(`| ${label} | ${(wall / 1000).toFixed(2)} s | ×${(wall / hello.wall).toFixed(1)} | ${(cpu / 1000).toFixed(2)} s | ×${(cpu / hello.cpu).toFixed(1)} |`);
}
