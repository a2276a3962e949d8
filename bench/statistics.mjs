// The resource report over a year of 50 partitions and 5,000 users, answered from pre-aggregated daily rows
// (modules/statistics), against a hand-written SQL GROUP BY over the raw job table for the same answer
// (core-hours by cluster and month), in one run, on PGlite and (STARLIGHT_TEST_PG set) on PostgreSQL.
// Bounded: BENCH_STAT_JOBS_PER_DAY (default 1,500) × 365 days, 3 timed repetitions each.
// Runs the server's TypeScript through tsx (it re-starts itself under `node --import tsx`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!process.env.BENCH_UNDER_TSX) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_UNDER_TSX: '1' } });
  process.exit(run.status ?? 1);
}

const { sql } = await import('drizzle-orm');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { clusters, jobs } = await import('../apps/server/src/db/schema/hpc.ts').then(async (hpc) => ({ ...hpc, ...(await import('../apps/server/src/db/schema/jobs.ts')) }));
const { createJobsRepo } = await import('../apps/server/src/modules/jobs/jobs.repo.ts');
const { createStatisticsRepo } = await import('../apps/server/src/modules/statistics/statistics.repo.ts');
const { createStatisticsService } = await import('../apps/server/src/modules/statistics/statistics.service.ts');
const { resourceSource } = await import('../apps/server/src/modules/statistics/sources.ts');

const days = 365;
const partitionsCount = 50;
const usersCount = 5000;
const jobsPerDay = Number(process.env.BENCH_STAT_JOBS_PER_DAY ?? 1500);
const dayMs = 86_400_000;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const startDay = new Date(today - days * dayMs).toISOString().slice(0, 10);
const endDay = new Date(today - dayMs).toISOString().slice(0, 10);

/** mulberry32: the same year every run. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(work, times = 3) {
  const ms = [];
  let answer;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    answer = await work();
    ms.push(performance.now() - t0);
  }
  return { ms: median(ms), answer };
}

async function bench(label, handle) {
  const db = handle.db;
  await handle.migrate();
  const clusterIds = [];
  for (const name of ['hpc-a', 'hpc-b']) clusterIds.push((await db.insert(clusters).values({ name, kind: 'hpc', driver: 'slurm' }).returning())[0].id);
  // partitions p00..p49 split over the two clusters; users draw from a skewed distribution (heavy users run many jobs)
  const rnd = random(42);
  const t0 = performance.now();
  let jobId = 0;
  for (let d = days; d >= 1; d--) {
    const dayStart = today - d * dayMs;
    const rows = [];
    for (let j = 0; j < jobsPerDay; j++) {
      const p = Math.floor(rnd() * rnd() * partitionsCount);
      const user = Math.floor(rnd() * rnd() * rnd() * usersCount);
      const cpus = 2 ** Math.floor(rnd() * 7);
      const submit = dayStart - Math.floor(rnd() * 7200_000);
      const start = submit + Math.floor(rnd() * 3600_000);
      const end = dayStart + Math.floor(rnd() * (dayMs - 1));
      rows.push({
        cluster_id: clusterIds[p % 2], job_id: ++jobId, user_account: `u${String(user).padStart(4, '0')}`, charge_account: `g${user % 200}`, name: 'bench', partition: `p${String(p).padStart(2, '0')}`,
        state: 'COMPLETED', submit_time: new Date(submit).toISOString(), start_time: new Date(start).toISOString(), end_time: new Date(end).toISOString(), cpus, core_seconds: cpus * Math.max(1, (end - start) / 1000),
      });
    }
    await db.execute(sql`insert into ${jobs} (cluster_id, job_id, user_account, charge_account, name, partition, state, submit_time, start_time, end_time, cpus, core_seconds)
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(cluster_id int, job_id bigint, user_account text, charge_account text, name text, partition text, state text, submit_time timestamptz, start_time timestamptz, end_time timestamptz, cpus int, core_seconds float8)`);
  }
  const loadMs = performance.now() - t0;

  const jobsRepo = createJobsRepo(db);
  const capacity = async () => Array.from({ length: partitionsCount }, (_, p) => ({ cluster: p % 2 ? 'hpc-b' : 'hpc-a', partition: `p${String(p).padStart(2, '0')}`, cpus: 512 }));
  const repo = createStatisticsRepo(db);
  const statistics = createStatisticsService({ repo, sources: [resourceSource({ endedBetween: jobsRepo.endedBetween, capacity })] });
  const query = { start: startDay, end: endDay, group_by: 'month' };

  // first answer: every day computed from the jobs module's service into daily rows (once; kept afterwards)
  const t1 = performance.now();
  await statistics.report('resource', query);
  const computeMs = performance.now() - t1;
  const dailyRows = Number((await db.execute(sql`select count(*)::int as n from stat_daily where source = 'resource'`)).rows[0].n);

  const report = await timed(() => statistics.report('resource', query));
  const chart = await timed(() => repo.aggregate({ source: 'resource', metric: 'core_cluster', start: startDay, end: endDay, grouping: 'month', by: 'k1' }));
  const raw = await timed(async () =>
    (
      await db.execute(sql`select to_char(j.end_time at time zone 'UTC', 'YYYY-MM') as bucket, c.name as key, sum(j.core_seconds)::float8 as value
        from ${jobs} j join ${clusters} c on c.id = j.cluster_id
        where j.end_time >= ${`${startDay}T00:00:00Z`}::timestamptz and j.end_time < ${new Date(today).toISOString()}::timestamptz
        group by 1, 2 order by 1, 2`)
    ).rows,
  );
  // the same answer: core-hours by cluster and month
  const fromDaily = new Map(chart.answer.map((r) => [`${r.bucket}/${r.key}`, r.value]));
  const mismatches = raw.answer.filter((r) => Math.abs((fromDaily.get(`${r.bucket}/${r.key}`) ?? 0) - Number(r.value)) > 1e-6 * Math.max(1, Number(r.value)));
  const coreChart = (await statistics.report('resource', query)).charts.find((c) => c.id === 'coreHoursByCluster');
  console.log(
    JSON.stringify({
      database: label,
      jobs: jobId,
      daily_rows: dailyRows,
      load_ms: Math.round(loadMs),
      first_answer_ms: Math.round(computeMs),
      report_7_charts_ms: Math.round(report.ms),
      daily_rows_group_by_ms: Math.round(chart.ms),
      raw_group_by_ms: Math.round(raw.ms),
      ratio_raw_over_daily: Number((raw.ms / chart.ms).toFixed(2)),
      ratio_raw_over_report: Number((raw.ms / report.ms).toFixed(2)),
      same_answer: mismatches.length === 0 && raw.answer.length === fromDaily.size,
      buckets: coreChart?.buckets.length,
    }),
  );
  if (mismatches.length > 0) throw new Error(`${label}: the daily rows and the raw GROUP BY disagree on ${mismatches.length} cells`);
}

const pglite = await openDatabase({ url: null, pgliteDir: null });
try {
  await bench('pglite', pglite);
} finally {
  await pglite.close();
}
if (process.env.STARLIGHT_TEST_PG) {
  process.env.STARLIGHT_TEST_PG_TEMPLATE = '';
  const { openTestDatabase } = await import('../apps/server/test/database.ts');
  const pg = await openTestDatabase();
  try {
    await bench('postgresql', pg);
  } finally {
    await pg.close();
  }
}
