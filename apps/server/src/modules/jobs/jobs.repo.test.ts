import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { clusters } from '../../db/schema/hpc';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import { openTestDatabase } from '../../../test/database';
import { createJobsRepo, type JobsRepo } from './jobs.repo';

let database: DatabaseHandle;
let repo: JobsRepo;
let clusterId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  repo = createJobsRepo(database.db);
  const [row] = await database.db.insert(clusters).values({ name: 'c1', kind: 'hpc', driver: 'local' }).returning();
  clusterId = row!.id;
});
afterAll(() => database.close());

const t0 = Date.UTC(2026, 0, 1);
const job = (id: number, patch: Partial<SchedulerJob> = {}): SchedulerJob => ({
  jobId: String(id),
  name: `job-${id}`,
  user: `acct_${id % 50}_x`,
  account: 'research',
  partition: id % 2 === 0 ? 'debug' : 'long',
  state: id % 10 === 0 ? 'RUNNING' : 'COMPLETED',
  reason: null,
  submitTime: new Date(t0 + id * 1000),
  startTime: new Date(t0 + id * 1000 + 500),
  endTime: id % 10 === 0 ? null : new Date(t0 + id * 1000 + 60_000),
  timeLimitMinutes: 60,
  cpus: 1 + (id % 4),
  nodes: ['node01'],
  workingDirectory: '/home/x',
  stdoutPath: `/home/x/slurm-${id}.out`,
  stderrPath: `/home/x/slurm-${id}.err`,
  exitCode: id % 10 === 0 ? null : 0,
  cpuSeconds: null,
  coreSeconds: null,
  ...patch,
});

describe('jobs repo (the synced copy)', () => {
  it('takes two looks at one job in one batch, keeping the CPU time only accounting knew', async () => {
    await repo.upsert(clusterId, [job(1, { cpuSeconds: 12.5, coreSeconds: 60 }), job(1, { state: 'COMPLETED' })], new Date());
    const row = await repo.get(clusterId, 1);
    expect(row?.job).toMatchObject({ state: 'COMPLETED', cpuSeconds: 12.5, coreSeconds: 60 });
    await repo.upsert(clusterId, [job(1)], new Date()); // a later slurmctld look without CPU time
    expect((await repo.get(clusterId, 1))?.job.cpuSeconds).toBe(12.5);
  });

  it('serves a filtered, sorted page of 10,000 jobs from the database', async () => {
    await repo.upsert(clusterId, Array.from({ length: 10_000 }, (_, i) => job(i + 1)), new Date());
    const started = performance.now();
    const mine = await repo.page({ clusterIds: [clusterId], accounts: ['acct_7_x'] }, { key: 'submit_time', descending: true }, 0, 20);
    const all = await repo.page({ clusterIds: [clusterId], states: ['RUNNING'], partition: 'debug' }, { key: 'cpus', descending: false }, 40, 20);
    console.log(`[jobs repo] two pages over 10,000 jobs in ${Math.round(performance.now() - started)} ms (${database.kind})`);
    expect(mine.total).toBe(200);
    expect(mine.rows.map((r) => r.job.jobId)).toEqual(Array.from({ length: 20 }, (_, i) => 9957 - i * 50));
    expect(all.total).toBe(1000);
    expect(all.rows.every((r) => r.job.state === 'RUNNING' && r.job.partition === 'debug')).toBe(true);
  });

  it("refreshes the planner's statistics after a large upsert, so a first page is read from the index", async () => {
    // PGlite has no autovacuum: without `analyze` the planner keeps an empty table's estimate and sorts every job
    const rows = async <T,>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [stats] = await rows<{ reltuples: number }>(sql`select reltuples from pg_class where relname = 'jobs'`);
    expect(Number(stats?.reltuples)).toBeGreaterThanOrEqual(10_000);
    // the order page() uses (ties included) is the index's: `submit_time desc nulls last, id desc nulls last`
    const plan = await rows<{ 'QUERY PLAN': string }>(sql`explain select * from jobs where cluster_id in (${clusterId}) order by submit_time desc nulls last, id desc nulls last limit 20`);
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('jobs_submit_idx');
  });
});

describe('jobs repo: settling what the controller forgot', () => {
  it('lists unfinished jobs and recent UNKNOWN ones, and marks lost jobs UNKNOWN with the reason', async () => {
    const [row] = await database.db.insert(clusters).values({ name: 'c-settle', kind: 'hpc', driver: 'slurm' }).returning();
    const id = row!.id;
    const at = new Date(t0 + 3_600_000);
    await repo.upsert(id, [job(1, { state: 'RUNNING' }), job(2, { state: 'PENDING' }), job(3), job(4, { state: 'UNKNOWN' })], at);
    await repo.upsert(id, [job(5, { state: 'UNKNOWN' })], new Date(t0)); // UNKNOWN for long: no longer asked about
    const unsettled = await repo.unsettledJobIds(id, ['PENDING', 'RUNNING'], new Date(t0 + 60_000));
    expect(unsettled.sort()).toEqual(['1', '2', '4']);
    await repo.markLost(id, ['1'], 'gone', at);
    expect((await repo.get(id, 1))?.job).toMatchObject({ state: 'UNKNOWN', reason: 'gone' });
    expect((await repo.get(id, 2))?.job.state).toBe('PENDING');
  });
});
