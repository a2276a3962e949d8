// Launch overhead of a one-step app: the demo word count launched through the console (POST /app/apps/word-count/runs
// as a bound user, until the run page reads `done`) next to the same CWL run by `cwltool` directly on the same input,
// in the same run (ratio console/direct). The console adds: the job-order and partition checks, the run folder
// written through the account's file driver, a job of the embedded scheduler as the account's Unix user, and the
// state read back from the scheduler and the engine's files (polled every 250 ms here).
//
//   npm run build && node bench/apps.mjs        (as root, like the server's embedded cluster needs; cwltool installed)
//
// Settings: BENCH_APPS_RUNS=3 (runs of each, median printed; at most 10).
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { login, removeUnixUsers, startServer, unixPrefixFor } from './lib.mjs';

const runs = Math.min(10, Number(process.env.BENCH_APPS_RUNS ?? 3));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const text = 'the quick brown fox\njumps over the lazy dog\n'.repeat(1000);
try {
  execFileSync('cwltool', ['--version'], { stdio: 'ignore' });
} catch {
  console.log('skipped: cwltool is not installed (apt-get install cwltool)');
  process.exit(0);
}

const unixPrefix = unixPrefixFor();
const demoPassword = `Bench-${Math.random().toString(36).slice(2)}A1`;
const server = await startServer({ env: { STARLIGHT_DEMO: '1', STARLIGHT_DEMO_PASSWORD: demoPassword, STARLIGHT_LOCAL_USER_PREFIX: unixPrefix } });
const direct = mkdtempSync(path.join(tmpdir(), 'starlight-bench-apps-'));
try {
  const token = await login(server.base, 'demo-bound', demoPassword);
  const call = async (method, url, body) => {
    const res = await fetch(`${server.base}/api${url}`, { method, headers: { 'bihu-token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const reply = await res.json();
    if (reply.code !== 200) throw new Error(`${method} ${url}: ${reply.code} ${reply.info}`);
    return reply.spec;
  };
  // the input in the account's home, owned by it (as an upload through the file manager leaves it)
  const home = path.join(server.dataDir, 'homes', 'demo_lab_bound');
  const owner = statSync(home);
  mkdirSync(path.join(home, 'bench'), { recursive: true });
  writeFileSync(path.join(home, 'bench', 'words.txt'), text);
  for (const p of ['bench', 'bench/words.txt']) chownSync(path.join(home, p), owner.uid, owner.gid);

  // the same CWL and input, straight to cwltool
  const cwl = await (await fetch(`${server.base}/api/app/apps/word-count/export`, { headers: { 'bihu-token': token } })).text();
  writeFileSync(path.join(direct, 'word-count.cwl'), cwl);
  writeFileSync(path.join(direct, 'words.txt'), text);
  writeFileSync(path.join(direct, 'job.json'), JSON.stringify({ file: { class: 'File', path: path.join(direct, 'words.txt') } }));

  const console_ = [];
  const raw = [];
  for (let i = 0; i < runs; i += 1) {
    let t0 = Date.now();
    const run = await call('POST', '/app/apps/word-count/runs', { partition: 'local', job_order: { file: { class: 'File', path: 'bench/words.txt' } } });
    for (let polls = 0; ; polls += 1) {
      const detail = await call('GET', `/app/runs/word-count/${run.uuid}`);
      if (detail.state === 'done') break;
      if (['failed', 'cancelled'].includes(detail.state) || polls > 480) throw new Error(`run ${run.uuid} ended ${detail.state}: ${detail.error}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console_.push(Date.now() - t0);
    t0 = Date.now();
    const out = path.join(direct, `out-${i}`);
    execFileSync('cwltool', ['--disable-color', '--quiet', '--outdir', out, path.join(direct, 'word-count.cwl'), path.join(direct, 'job.json')], { stdio: 'ignore', timeout: 120_000 });
    raw.push(Date.now() - t0);
  }
  const c = median(console_);
  const d = median(raw);
  console.log(`one-step app (word count, ${text.length} bytes), median of ${runs}:`);
  console.log(`  through the console (launch → run reads done): ${c} ms  [${console_.join(', ')}]`);
  console.log(`  cwltool directly on the same input:           ${d} ms  [${raw.join(', ')}]`);
  console.log(`  ratio console/direct: ×${(c / d).toFixed(2)} (overhead ${c - d} ms)`);
} finally {
  await server.stop();
  rmSync(direct, { recursive: true, force: true });
  removeUnixUsers(unixPrefix);
}
