// Memory of the console per phase (issue 26): resident set size of the server process when idle after start,
// while a 100,000-entry directory is listed, under 200 connections of signed-in calls, and 60 s after the load,
// on the embedded database (PGlite) and on PostgreSQL when BENCH_PG names an empty database the bench may fill. Loopback
// only; every load is bounded in time. Absolute figures depend on the machine: the load average is printed.
//
//   node bench/memory.mjs [--port N] [--entries 100000] [--settle-s 60]
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, login, startServer } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const entries = arg('entries', 100_000);
const settleS = arg('settle-s', 60);
const demoPassword = 'Bench-Demo-Pass1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** VmRSS and VmHWM of a process, in MiB (Linux). */
function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function api(base, token, url) {
  const res = await fetch(`${base}/api${url}`, { headers: { 'bihu-token': token } });
  const envelope = await res.json();
  if (envelope.code !== 200) throw new Error(`GET ${url}: ${envelope.code} ${envelope.info}`);
  return envelope.spec;
}

async function phases(database, env) {
  const server = await startServer({ env: { STARLIGHT_DEMO: '1', STARLIGHT_DEMO_PASSWORD: demoPassword, ...env } });
  const rows = [];
  const note = (phase) => rows.push({ database, phase, ...rss(server.pid) });
  try {
    await sleep(10_000);
    note('idle after start (new data directory)');
    const token = await login(server.base, 'demo-bound', demoPassword);
    const home = (await api(server.base, token, '/storage/user_storage_path')).path;
    const dir = path.join(home, 'bench-memory');
    mkdirSync(dir);
    for (let i = 0; i < entries; i++) closeSync(openSync(path.join(dir, `f${i}.dat`), 'w'));
    for (let page = 1; page <= 20; page++) await api(server.base, token, `/storage/dir_info?dir=bench-memory&page=${page}&page_size=100`);
    note(`${entries.toLocaleString('en')}-entry directory listed`);
    await load(`${server.base}/api/user/user/self`, { headers: { 'bihu-token': token }, connections: 200, duration: 10 });
    note('200 connections, 10 s of /api/user/user/self');
    await sleep(settleS * 1000);
    const idle = rows[0].rss;
    note(`${settleS} s after the load`);
    rows[rows.length - 1].vsIdle = `${(((rows[rows.length - 1].rss - idle) / idle) * 100).toFixed(0)} % over idle`;
  } finally {
    await server.stop();
  }
  return rows;
}

const pg = process.env.BENCH_PG;
const all = [...(await phases('PGlite', {}))];
if (pg) all.push(...(await phases('PostgreSQL', { STARLIGHT_DATABASE_URL: pg })));
else console.log('PostgreSQL: skipped (set BENCH_PG to an empty database the bench may fill)');
console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; RSS and peak (VmHWM) in MiB`);
console.table(all);
