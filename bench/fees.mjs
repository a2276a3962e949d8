// Issue 12's numbers, in one run against the real Slurm 22.05 with slurmdbd:
//   (a) the console reading 10,000 finished jobs' accounting from slurmdbd (the first sync of a cluster,
//       `POST /api/fee/sync`: slurmrestd `/slurmdb/v0.0.38/jobs` in 7-day windows, priced, inserted once),
//       in rows/s, next to `sacct` reading the same jobs;
//   (b) the first page of a community's usage report over a year of daily data (`GET /api/fee/community/{name}`),
//       cold and warm, next to `sacct` producing the same total; both totals are printed and compared.
//
//   sudo -E node bench/fees.mjs          (root: writes slurmdbd's job table, the binding proof file)
//
// The 10,000 jobs are NOT run: they are rows inserted straight into slurmdbd's own job table
// (`<cluster>_job_table` in its MariaDB, through its root socket), copies of the shape of a real finished job
// of sl_alice_lab's association, one core each, spread evenly over the last 365 days, named
// `starlight-fees-bench`, with job ids from BENCH_FEE_JOB_BASE (60,000,000) up. slurmdbd, slurmrestd and
// sacct serve them like any job of the past (running 10,000 real jobs on a 2-core machine takes hours).
// They are deleted at the end, whatever happened. The bench takes the real-Slurm lock the server tests take
// (tmp/starlight-real-slurm.lock), so no test reads slurmdbd while they exist.
//
// The console: a fresh built server (PGlite, --demo), STARLIGHT_FEES_BACKFILL_DAYS=366, the cluster registered
// with the env of scripts/services-up.sh (it is not started or restarted here), demo-user bound to sl_alice_lab,
// a price for debug, and a community holding demo-lab. sl_alice_lab's real jobs of the year (tests) count on
// both sides. Settings: BENCH_FEE_JOBS=10000, BENCH_WARM=10 (warm report calls). About 1–2 minutes.
import { execFile, spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bind } from './bind.mjs';
import { ensureServerBuilt, login, startServer } from './lib.mjs';
import { ensureAssociations } from './slurm-held-jobs.mjs';

const run = promisify(execFile);
const env = process.env;
const jobs = Number(env.BENCH_FEE_JOBS ?? 10_000);
const warmCalls = Number(env.BENCH_WARM ?? 10);
const jobBase = Number(env.BENCH_FEE_JOB_BASE ?? 60_000_000);
const account = 'sl_alice_lab';
const jobName = 'starlight-fees-bench';
const cluster = env.SLURM_CLUSTER_NAME ?? 'devcluster';
const socket = env.BENCH_SLURMDB_SOCKET ?? '/run/slurm-dev-mariadb/mysqld.sock';
const demoPassword = `Bench-demo-${Math.random().toString(36).slice(2)}A1`;

const missing = ['SLURMRESTD_URL', 'SLURM_JWT_KEY_FILE', 'STARLIGHT_TEST_SSH_KEY', 'STARLIGHT_TEST_SSH_HOSTKEY_SHA256'].filter((n) => !env[n]);
if (missing.length > 0) {
  console.log(`fees: skipped — ${missing.join(', ')} not set (source the env scripts/services-up.sh prints)`);
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.log("fees: skipped — needs root (slurmdbd's MariaDB socket, the binding proof file)");
  process.exit(0);
}
if (typeof WebSocket === 'undefined') {
  const r = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const sec = (ms) => (ms / 1000).toFixed(3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const day = (d) => d.toISOString().slice(0, 10);
const sql = (statement) => run('mysql', ['-S', socket, '-u', 'root', '-N', '-B', 'slurm_acct_db', '-e', statement], { maxBuffer: 16 << 20, timeout: 120_000 });
const jobTable = `\`${cluster}_job_table\``;

// ---------------------------------------------------------------- the real-Slurm lock (test/hpc-helpers.ts)
const lock = path.join(tmpdir(), 'starlight-real-slurm.lock');
for (let i = 0; ; i++) {
  try {
    await mkdir(lock);
    await writeFile(path.join(lock, 'pid'), String(process.pid));
    break;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const holder = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => '0'));
    let alive = false;
    try {
      alive = holder > 0 && process.kill(holder, 0);
    } catch {
      /* gone */
    }
    if (holder > 0 && !alive) await rm(lock, { recursive: true, force: true });
    else if (i > 600) throw new Error(`the real Slurm stayed locked by pid ${holder} for 10 minutes`);
    else await new Promise((r) => setTimeout(r, 1000));
  }
}

let server;
const removeJobs = () => sql(`DELETE FROM ${jobTable} WHERE id_job > ${jobBase} AND id_job <= ${jobBase + jobs} AND job_name = '${jobName}'`);
try {
  ensureServerBuilt();

  // ---------------------------------------------------------------- 1. 10,000 finished jobs in slurmdbd
  await ensureAssociations([{ account }]); // tests may have removed it
  const [assoc] = (await sql(`SELECT id_assoc FROM \`${cluster}_assoc_table\` WHERE user = '${account}' AND acct = 'research' AND deleted = 0 ORDER BY id_assoc LIMIT 1`)).stdout.trim().split('\n');
  if (!assoc) throw new Error(`${account} has no association under research`);
  const uid = Number((await run('id', ['-u', account])).stdout.trim());
  const gid = Number((await run('id', ['-g', account])).stdout.trim());
  const now = Math.floor(Date.now() / 1000);
  const yearStart = now - 365 * 86_400;
  const step = Math.floor((365 * 86_400 - 7200) / jobs);
  await removeJobs();
  const t0 = performance.now();
  // elapsed 60–3659 s on one core: CPUTimeRAW = elapsed
  await sql(`INSERT INTO ${jobTable} (mod_time, deleted, account, cpus_req, derived_ec, exit_code, job_name, id_assoc, id_job, id_user, id_group,
      id_resv, id_wckey, het_job_id, het_job_offset, state_reason_prev, nodelist, nodes_alloc, node_inx, \`partition\`, priority, state, timelimit, time_submit, time_eligible, time_start, time_end, tres_alloc, tres_req, work_dir, submit_line)
    SELECT ${now}, 0, 'research', 1, 0, 0, '${jobName}', ${assoc}, ${jobBase} + seq, ${uid}, ${gid},
      0, 0, 0, 4294967294, 0, 'node01', 1, '0', 'debug', 1, 3, 60,
      ${yearStart} + seq * ${step} - (60 + seq MOD 3600) - 5, ${yearStart} + seq * ${step} - (60 + seq MOD 3600) - 5,
      ${yearStart} + seq * ${step} - (60 + seq MOD 3600), ${yearStart} + seq * ${step},
      '1=1,2=1024,4=1,5=1', '1=1,2=1024,4=1,5=1', '/home/${account}', 'sbatch --wrap true'
    FROM seq_1_to_${jobs}`);
  console.log(`inserted ${jobs} finished jobs into slurmdbd's ${cluster}_job_table in ${sec(performance.now() - t0)} s`);

  // the raw limit: sacct reading every finished job of the account over the year (what the sync reads)
  const from = day(new Date((yearStart - 86_400) * 1000));
  const to = day(new Date(now * 1000));
  const sacct = async () => {
    const t = performance.now();
    const { stdout } = await run('sacct', ['-X', '-n', '-P', '-u', account, '-S', `${from}T00:00:00`, '-E', 'now', '-s', 'CD,F,TO,CA,NF,OOM,DL,PR', '-o', 'JobID,CPUTimeRAW,End'], { maxBuffer: 64 << 20, timeout: 300_000 });
    const lines = stdout.trim().split('\n').filter(Boolean);
    const coreSeconds = lines.reduce((sum, l) => sum + Number(l.split('|')[1] || 0), 0);
    return { ms: performance.now() - t, rows: lines.length, coreSeconds };
  };
  const sacctRuns = [await sacct(), await sacct(), await sacct()];
  const sacctBest = sacctRuns.reduce((a, b) => (a.ms < b.ms ? a : b));
  // what the sync itself has to read: slurmrestd's /slurmdb/v0.0.38/jobs over the same 7-day windows, every user
  const restToken = (await run('scontrol', ['token', 'username=root', 'lifespan=900'])).stdout.trim().replace(/^SLURM_JWT=/, '');
  const r0 = performance.now();
  let restJobs = 0;
  for (let ago = 366 * 86_400; ago > 0; ago -= 7 * 86_400) {
    const res = await fetch(`${env.SLURMRESTD_URL}/slurmdb/v0.0.38/jobs?start_time=now-${ago}&end_time=now-${Math.max(0, ago - 7 * 86_400)}`, { headers: { 'X-SLURM-USER-NAME': 'root', 'X-SLURM-USER-TOKEN': restToken } });
    restJobs += (await res.json()).jobs?.length ?? 0;
  }
  const restMs = performance.now() - r0;

  // ---------------------------------------------------------------- 2. the console
  server = await startServer({ env: { STARLIGHT_DEMO: '1', STARLIGHT_DEMO_PASSWORD: demoPassword, STARLIGHT_FEES_BACKFILL_DAYS: '366', STARLIGHT_FEES_SYNC_S: '0' } });
  const api = async (token, method, url, body) => {
    const res = await fetch(`${server.base}/api${url}`, { method, headers: { 'Bihu-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const reply = await res.json();
    if (reply.code !== 200) throw new Error(`${method} ${url}: ${reply.code} ${reply.info}`);
    return reply.spec;
  };
  const admin = await login(server.base, 'admin', server.password);
  await api(admin, 'POST', '/kcluster/cluster', {
    name: cluster,
    driver: 'slurm',
    settings: {
      rest_url: env.SLURMRESTD_URL,
      jwt_key_file: env.SLURM_JWT_KEY_FILE,
      default_account: 'research',
      ssh: { host: env.STARLIGHT_TEST_SSH_HOST ?? '127.0.0.1', port: Number(env.STARLIGHT_TEST_SSH_PORT ?? 2222), host_key_sha256: env.STARLIGHT_TEST_SSH_HOSTKEY_SHA256, key_file: env.STARLIGHT_TEST_SSH_KEY },
    },
  });
  await bind(server.base, await login(server.base, 'demo-user', demoPassword), account);
  await api(admin, 'POST', '/fee/prices', { cluster_name: cluster, partition: 'debug', core_hour_price: 10, gpu_hour_price: 0, valid_from: new Date((yearStart - 2 * 86_400) * 1000).toISOString() });
  const community = await api(admin, 'POST', '/community/communities', { name: 'bench-community', description: 'bench/fees.mjs' });
  await api(admin, 'POST', `/community/communities/${community.id}/groups`, { group_name: 'demo-lab' });

  const s0 = performance.now();
  const synced = await api(admin, 'POST', '/fee/sync');
  const syncMs = performance.now() - s0;
  const again = await api(admin, 'POST', '/fee/sync');

  const report = async () => {
    const t = performance.now();
    const spec = await api(admin, 'GET', `/fee/community/bench-community?from=${from}&to=${to}&page=1&page_size=20`);
    return { ms: performance.now() - t, spec };
  };
  const cold = await report();
  const warm = [];
  for (let i = 0; i < warmCalls; i++) warm.push((await report()).ms);
  const sacctAfter = await sacct(); // the same moment's truth (a test may have ended a job of the account meanwhile)

  // ---------------------------------------------------------------- 3. results
  const rate = (rows, ms) => Math.round(rows / (ms / 1000));
  console.log(`\nfees bench — ${jobs} inserted finished jobs (+ ${sacctBest.rows - jobs} real ones of ${account}) over ${from} … ${to}`);
  console.log('| what | time | rows | rows/s | ratio to sacct |');
  console.log('|---|---|---|---|---|');
  console.log(`| sacct -X -u ${account} over the year (best of 3) | ${sec(sacctBest.ms)} s | ${sacctBest.rows} | ${rate(sacctBest.rows, sacctBest.ms)} | 1 |`);
  console.log(`| slurmrestd /slurmdb/v0.0.38/jobs, the same 7-day windows (every user) | ${sec(restMs)} s | ${restJobs} | ${rate(restJobs, restMs)} | ×${(restMs / sacctBest.ms).toFixed(2)} |`);
  console.log(`| console first sync (POST /fee/sync: slurmrestd, pricing, insert) | ${sec(syncMs)} s | ${synced.rows} read, ${synced.charged} charged | ${rate(synced.rows, syncMs)} | ×${(syncMs / sacctBest.ms).toFixed(2)} (×${(syncMs / restMs).toFixed(2)} of slurmrestd) |`);
  console.log(`| console sync again (overlap window only) | — | ${again.rows} read, ${again.charged} charged | — | — |`);
  console.log(`| community report, first page, cold | ${sec(cold.ms)} s | ${cold.spec.days.length} days, ${cold.spec.groups.list.length} groups | — | ×${(cold.ms / sacctBest.ms).toFixed(2)} |`);
  console.log(`| community report, first page, warm (median of ${warmCalls}) | ${sec(median(warm))} s | | — | ×${(median(warm) / sacctBest.ms).toFixed(2)} |`);
  const same = cold.spec.core_seconds === sacctAfter.coreSeconds;
  console.log(`\ntotals: console ${cold.spec.core_seconds} core-seconds (${(cold.spec.core_seconds / 3600).toFixed(2)} core-hours, cost ${(cold.spec.cost / 100).toFixed(2)} yuan); sacct ${sacctAfter.coreSeconds} core-seconds → ${same ? 'the same' : `DIFFERENT by ${cold.spec.core_seconds - sacctAfter.coreSeconds}`}`);
  if (!same) process.exitCode = 1;
} finally {
  if (server) await server.stop();
  await removeJobs().catch((error) => console.error(`removing the inserted jobs: ${error.message}`));
  await rm(lock, { recursive: true, force: true });
}
