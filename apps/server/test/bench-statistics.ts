// Run by bench/statistics.mjs under tsx (not a test: vitest collects *.test.ts only).
// The body of bench/statistics.mjs: it lives beside the server's tests because it drives the server's own
// modules on a database (the layering lint keeps bench/ from importing apps/server).
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { clusters } from '../src/db/schema/hpc';
import { jobs } from '../src/db/schema/jobs';
import { statDaily } from '../src/db/schema/statistics';
import { createJobsRepo } from '../src/modules/jobs/jobs.repo';
import { createStatisticsRepo } from '../src/modules/statistics/statistics.repo';
import { createStatisticsService } from '../src/modules/statistics/statistics.service';
import { resourceSource } from '../src/modules/statistics/sources';
import { openTestDatabase } from './database';

const days = 365;
const partitionsCount = 50;
const usersCount = 5000;
const jobsPerDay = Number(process.env.BENCH_STAT_JOBS_PER_DAY ?? 1500);
const dayMs = 86_400_000;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const startDay = new Date(today - days * dayMs).toISOString().slice(0, 10);
const endDay = new Date(today - dayMs).toISOString().slice(0, 10);

/** mulberry32: the same year every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed<T>(work: () => Promise<T>, times = 3): Promise<{ ms: number; answer: T }> {
  const ms: number[] = [];
  let answer!: T;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    answer = await work();
    ms.push(performance.now() - t0);
  }
  return { ms: median(ms)!, answer };
}

async function bench(label: string, handle: DatabaseHandle) {
  const db = handle.db;
  await handle.migrate();
  const clusterIds: number[] = [];
  for (const name of ['hpc-a', 'hpc-b']) clusterIds.push((await db.insert(clusters).values({ name, kind: 'hpc', driver: 'slurm' }).returning())[0]!.id);
  // partitions p00..p49 split over the two clusters; users draw from a skewed distribution (heavy users run many jobs)
  const rnd = random(42);
  const t0 = performance.now();
  let jobId = 0;
  for (let d = days; d >= 1; d--) {
    const dayStart = today - d * dayMs;
    const rows: Record<string, unknown>[] = [];
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
  const query = { start: startDay, end: endDay, group_by: 'month' as const };

  // first answer: every day computed from the jobs module's service into daily rows (once; kept afterwards)
  const t1 = performance.now();
  await statistics.report('resource', query);
  const computeMs = performance.now() - t1;
  const dailyRows = (await db.select({ n: count() }).from(statDaily).where(eq(statDaily.source, 'resource')))[0]!.n;

  const report = await timed(() => statistics.report('resource', query));
  const reportByDay = await timed(() => statistics.report('resource', { ...query, group_by: 'day' as const }));
  // the costliest chart by hand: the year's top 10 users by core-hours over the raw jobs
  const rawUsers = await timed(() =>
    db
      .select({ user: jobs.userAccount, value: sql<number>`sum(${jobs.coreSeconds})::float8` })
      .from(jobs)
      .where(and(gte(jobs.endTime, new Date(`${startDay}T00:00:00Z`)), lt(jobs.endTime, new Date(today))))
      .groupBy(jobs.userAccount)
      .orderBy(sql`2 desc`)
      .limit(10),
  );
  const userPie = report.answer.charts.find((c) => c.id === 'coreHoursByUser')!;
  const usersAgree = rawUsers.answer.every((r) => Math.abs((userPie.series.find((x) => x.name === r.user)?.data[0] ?? -1) - Number(r.value) / 3600) < 0.01 * Math.max(1, Number(r.value) / 3600));
  const chart = await timed(() => repo.aggregate({ source: 'resource', metric: 'core_cluster', start: startDay, end: endDay, grouping: 'month', by: 'k1' }));
  // the raw answer: one GROUP BY over every job of the year
  const month = sql<string>`to_char(${jobs.endTime} at time zone 'UTC', 'YYYY-MM')`;
  const raw = await timed(() =>
    db
      .select({ bucket: month, key: clusters.name, value: sql<number>`sum(${jobs.coreSeconds})::float8` })
      .from(jobs)
      .innerJoin(clusters, eq(clusters.id, jobs.clusterId))
      .where(and(gte(jobs.endTime, new Date(`${startDay}T00:00:00Z`)), lt(jobs.endTime, new Date(today))))
      .groupBy(month, clusters.name)
      .orderBy(month, clusters.name),
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
      report_7_charts_by_day_ms: Math.round(reportByDay.ms),
      raw_top_users_ms: Math.round(rawUsers.ms),
      top_users_same_answer: usersAgree,
      daily_rows_group_by_ms: Math.round(chart.ms),
      raw_group_by_ms: Math.round(raw.ms),
      ratio_raw_over_daily: Number((raw.ms / chart.ms).toFixed(2)),
      ratio_raw_over_report: Number((raw.ms / report.ms).toFixed(2)),
      same_answer: mismatches.length === 0 && raw.answer.length === fromDaily.size,
      buckets: coreChart?.buckets.length,
    }),
  );
  if (!usersAgree) throw new Error(`${label}: the user pie and the raw top 10 users disagree`);
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
  const pg = await openTestDatabase();
  try {
    await bench('postgresql', pg);
  } finally {
    await pg.close();
  }
}
