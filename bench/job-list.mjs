// The console's first page of /job/list (`GET /api/job/jobs/all`, admin) and /job/myjobs (`GET /api/job/jobs`,
// a bound user), cold and warm, against the real Slurm 22.05 holding 10,000 jobs, next to the raw limits
// measured in the same run: `squeue` listing all of them, and slurmrestd's own `GET /slurm/v0.0.38/jobs`.
//
//   sudo -E node bench/job-list.mjs [--keep]        (root: slurm-up.sh, sbatch --uid, the proof files)
//
// 1. Slurm: slurm-up.sh with MaxJobCount=30000 (it restarts the daemons only when slurm.conf changed), the
//    accounts sl_alice_lab / sl_bob_lab (sshd-up.sh) given an association if they have none, then held jobs
//    (`sbatch --hold`: PENDING, no CPU) named `starlight-bench`, 80 % as sl_alice_lab and 20 % as sl_bob_lab,
//    until BENCH_JOBS (10,000) exist. Held jobs left by an earlier `--keep` run are counted and reused.
// 2. For each cold sample a fresh built server (temp data dir): register the cluster through the admin API,
//    bind demo-user → sl_alice_lab and demo-auditor → sl_bob_lab (proof file written as root, owned by the
//    account), then time the first list call (which starts the first sync) and how long until the list holds
//    every job. Warm: repeated calls on the synced copy (fresh; after the 2 s staleness window, which adds
//    slurmrestd's `update_time` check, a 304 when nothing changed; the same after one job was submitted outside
//    the console, when 22.05 answers with every job). Restart: the first calls of a server restarted on the
//    last one's data.
// 3. Cancels the `starlight-bench` jobs (scancel --user … --name …) unless --keep, and waits until slurmctld purged
//    them (MinJobAge=10 during the bench): a CI run restarts Slurm with
//    the default MaxJobCount (10,000), which 10,000 queued jobs would exhaust.
//
// Settings: BENCH_JOBS=10000, BENCH_WARM=20 (calls per warm row), BENCH_COLD=2 (fresh servers per list).
// Needs SLURMRESTD_URL (from slurm-up.sh); loopback only. About 4–5 minutes, 1–2 of them seeding.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bind } from './bind.mjs';
import { ensureServerBuilt, login, startServer } from './lib.mjs';
import { cancelHeldJobs, countLines, ensureAssociations, heldJobsBy as benchJobsBy, jobName, run, seedHeldJobs, servicesUp, squeueAll, submitHeld } from './slurm-held-jobs.mjs';

const env = process.env;
const keep = process.argv.includes('--keep');
const target = Number(env.BENCH_JOBS ?? 10_000);
const warmCalls = Number(env.BENCH_WARM ?? 20);
const coldServers = Number(env.BENCH_COLD ?? 2);
const accounts = [
  { account: 'sl_alice_lab', user: 'demo-user', share: 0.8 },
  { account: 'sl_bob_lab', user: 'demo-auditor', share: 0.2 },
];
const demoPassword = `Bench-demo-${Math.random().toString(36).slice(2)}A1`;

if (!env.SLURMRESTD_URL) {
  console.log('job-list: skipped — SLURMRESTD_URL is not set (eval "$(sudo bash scripts/services/slurm-up.sh)" first)');
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.log('job-list: skipped — needs root (slurm-up.sh, sbatch --uid, writing the binding proof files)');
  process.exit(0);
}
// Node 20 has WebSocket (the binding handshake) only behind a flag; Node 22 has it by default.
if (typeof WebSocket === 'undefined') {
  const r = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const sec = (ms) => (ms / 1000).toFixed(3);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const stats = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), n: xs.length });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the built server is current
ensureServerBuilt();

// ---------------------------------------------------------------- 1. Slurm with ≥ target jobs
const maxJobs = Math.max(30_000, target * 3);
const slurm = await servicesUp('slurm-up.sh', { SLURM_CONF_EXTRA: [env.SLURM_CONF_EXTRA, `MaxJobCount=${maxJobs}`, 'MinJobAge=10'].filter(Boolean).join('\n') });
const ssh = await servicesUp('sshd-up.sh');
const restUrl = slurm.vars.SLURMRESTD_URL ?? env.SLURMRESTD_URL;
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(restUrl)) throw new Error(`loopback only: SLURMRESTD_URL is ${restUrl}`);
const config = (await run('scontrol', ['show', 'config'])).stdout;
console.log(`Slurm: slurm-up.sh ${sec(slurm.ms)} s, MaxJobCount ${/MaxJobCount\s*=\s*(\d+)/.exec(config)?.[1]}, sshd-up.sh ${sec(ssh.ms)} s`);
await ensureAssociations(accounts);
const seed = () => seedHeldJobs(accounts, target, maxJobs);
const seeded = await seed();
const queued = countLines((await squeueAll()).stdout);
console.log(
  seeded.submitted
    ? `seeded ${seeded.submitted} held jobs in ${sec(seeded.ms)} s (${(seeded.submitted / (seeded.ms / 1000)).toFixed(0)} sbatch/s, 16 at a time); Slurm now holds ${queued} jobs`
    : `reused the held jobs of an earlier run; Slurm holds ${queued} jobs`,
);
if (queued < target) throw new Error(`Slurm holds ${queued} jobs, fewer than ${target}`);

// ---------------------------------------------------------------- 2. measurements
const results = {};
const add = (row, ms, extra = {}) => {
  results[row] ??= { times: [], ...extra };
  results[row].times.push(ms);
  Object.assign(results[row], extra);
};

// the raw limits: squeue, slurmrestd /jobs
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const { stdout } = await squeueAll();
  add('squeue --all (every job)', performance.now() - t0, { note: `${countLines(stdout)} lines` });
}
const restToken = (await run('scontrol', ['token', 'username=root', 'lifespan=900'])).stdout.trim().replace(/^SLURM_JWT=/, '');
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const res = await fetch(`${restUrl}/slurm/v0.0.38/jobs`, { headers: { 'X-SLURM-USER-NAME': 'root', 'X-SLURM-USER-TOKEN': restToken } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  const n = JSON.parse(body.toString('utf8')).jobs?.length;
  add('slurmrestd GET /jobs', ms, { note: `${n} jobs, ${(body.length / 1e6).toFixed(1)} MB JSON` });
}

/** One list call: time to the parsed answer. */
async function list(base, token, url) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api${url}`, { headers: { 'Bihu-Token': token } });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.info}`);
  return { ms, total: body.spec.total, rows: body.spec.list.length };
}

/** A fresh server with the real cluster registered and both accounts bound; the jobs sync has not run yet. */
async function freshServer(dataDir) {
  const server = await startServer({ dataDir, env: { STARLIGHT_DEMO: '1', STARLIGHT_DEMO_PASSWORD: demoPassword } });
  try {
    const [admin, ...users] = await Promise.all([login(server.base, 'admin', server.password), ...accounts.map((a) => login(server.base, a.user, demoPassword))]);
    const res = await fetch(`${server.base}/api/kcluster/cluster`, {
      method: 'POST',
      headers: { 'Bihu-Token': admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: slurm.vars.SLURM_CLUSTER_NAME ?? 'devcluster',
        driver: 'slurm',
        settings: {
          rest_url: restUrl,
          jwt_key_file: slurm.vars.SLURM_JWT_KEY_FILE,
          default_account: 'research',
          ssh: {
            host: ssh.vars.STARLIGHT_TEST_SSH_HOST,
            port: Number(ssh.vars.STARLIGHT_TEST_SSH_PORT),
            host_key_sha256: ssh.vars.STARLIGHT_TEST_SSH_HOSTKEY_SHA256,
            key_file: ssh.vars.STARLIGHT_TEST_SSH_KEY,
          },
        },
      }),
    });
    const created = await res.json();
    if (created.code !== 200) throw new Error(`registering the cluster: ${created.code} ${created.info}`);
    for (const [i, a] of accounts.entries()) await bind(server.base, users[i], a.account);
    // binding makes a new session necessary ("please log in again"): the bound permission comes with it
    const bound = await Promise.all(accounts.map((a) => login(server.base, a.user, demoPassword)));
    return { server, admin, alice: bound[0] };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const expected = {
  all: queued,
  mine: await benchJobsBy('sl_alice_lab'), // sl_alice_lab's other jobs (tests) are counted by the console too
};
const lists = [
  { key: 'all', label: '/job/list   (jobs/all, admin)', url: '/job/jobs/all', who: 'admin' },
  { key: 'mine', label: '/job/myjobs (jobs, bound user)', url: '/job/jobs', who: 'alice' },
];

const coldSync = { all: [], mine: [] };
let warmServer = null;
// the last server's data outlives it: a restart on it shows the first call with a persisted copy
const keptData = await mkdtemp(path.join(tmpdir(), 'starlight-bench-'));
try {
  for (let round = 0; round < coldServers; round++) {
    for (const l of lists) {
      const last = round === coldServers - 1 && l === lists[lists.length - 1];
      const s = await freshServer(last ? keptData : undefined);
      try {
        const token = s[l.who];
        const cold = await list(s.server.base, token, l.url);
        add(`${l.label} cold`, cold.ms, { note: `total ${cold.total}` });
        // the sync continues behind an answer given after 1.5 s: how long until the copy holds every job
        const t0 = performance.now() - cold.ms;
        let latest = cold;
        while (latest.total < expected[l.key] * 0.99 && performance.now() - t0 < 120_000) {
          await sleep(100);
          latest = await list(s.server.base, token, l.url);
        }
        coldSync[l.key].push({ ms: performance.now() - t0, total: latest.total });
      } finally {
        if (last) warmServer = s;
        else await s.server.stop();
      }
    }
  }

  // warm: the copy is synced; calls within the 2 s staleness window, then each after it (slurmrestd 304 check)
  const s = warmServer;
  for (const l of lists) {
    for (let i = 0; i < warmCalls; i++) {
      const r = await list(s.server.base, s[l.who], l.url);
      add(`${l.label} warm`, r.ms, { note: `total ${r.total}, ${r.rows} rows` });
    }
  }
  for (const l of lists) {
    for (let i = 0; i < Math.min(5, warmCalls); i++) {
      await sleep(2_100);
      const r = await list(s.server.base, s[l.who], l.url);
      add(`${l.label} warm+check`, r.ms, { note: 'copy > 2 s old, nothing changed: 304' });
    }
  }
  // the same after one job changed outside the console: 22.05's update_time then answers with every job (~3 s
  // for 10,000); the sync reads them all again behind the answer
  for (const l of lists) {
    for (let i = 0; i < 3; i++) {
      await submitHeld('sl_alice_lab');
      await sleep(2_100);
      const r = await list(s.server.base, s[l.who], l.url);
      add(`${l.label} warm+change`, r.ms, { note: 'copy > 2 s old, one job submitted' });
      await sleep(5_000); // let that sync finish before the next sample
    }
  }
  // a restart on the same data: the first calls find the copy of the previous run (the first sync of the
  // new process, a full read, runs behind them)
  await s.server.stop();
  warmServer = null;
  const again = await startServer({ dataDir: keptData, password: s.server.password });
  warmServer = { server: again };
  const tokens = { admin: await login(again.base, 'admin', again.password), alice: await login(again.base, 'demo-user', demoPassword) };
  for (const l of lists) {
    const r = await list(again.base, tokens[l.who], l.url);
    add(`${l.label} restart`, r.ms, { note: `first call after a restart: total ${r.total}` });
  }
} finally {
  await warmServer?.server.stop();
  await rm(keptData, { recursive: true, force: true });
}

// ---------------------------------------------------------------- report
const row = (name) => {
  const r = results[name];
  const s = stats(r.times);
  return `${name.padEnd(44)}${sec(s.median).padStart(8)} s${sec(s.min).padStart(9)} s${String(s.n).padStart(4)}   ${r.note ?? ''}`;
};
console.log(`\nSlurm holds ${queued} jobs (${expected.mine} of them sl_alice_lab's); first page = page_size 20 (the console's default), sort -submit_time`);
console.log(`${'what'.padEnd(44)}${'median'.padStart(10)}${'min'.padStart(11)}${'n'.padStart(4)}`);
for (const name of Object.keys(results)) console.log(row(name));
for (const l of lists) {
  const c = coldSync[l.key];
  console.log(`cold sync behind ${l.url.padEnd(14)}: the copy held every job after ${c.map((x) => `${sec(x.ms)} s (${x.total})`).join(', ')}`);
}
const med = (name) => median(results[name].times);
const sq = med('squeue --all (every job)');
const rest = med('slurmrestd GET /jobs');
console.log('\nratios (median / median; < 1 is faster than the raw limit)');
for (const l of lists) {
  for (const kind of ['warm', 'warm+check', 'warm+change', 'cold', 'restart']) {
    const c = med(`${l.label} ${kind}`);
    console.log(`  ${`${l.url} ${kind}`.padEnd(26)} / squeue ${(c / sq).toFixed(3).padStart(7)}   / slurmrestd /jobs ${(c / rest).toFixed(3).padStart(7)}`);
  }
}

// ---------------------------------------------------------------- 3. cleanup
if (keep) {
  console.log(`\n--keep: ${queued} jobs stay queued (held). Cancel them before CI restarts Slurm with MaxJobCount 10000: scancel --name ${jobName} --user sl_alice_lab (and sl_bob_lab)`);
} else {
  const done = await cancelHeldJobs(accounts);
  console.log(`\ncancelled the ${jobName} jobs in ${sec(done.cancelMs)} s (${done.left} still pending); run with --keep to reuse them next time`);
  console.log(`slurmctld purged the finished records in ${sec(done.purgeMs)} s (${done.records} records left)`);
}
