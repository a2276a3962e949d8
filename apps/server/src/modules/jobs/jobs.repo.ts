import { and, asc, count, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bindings, clusters } from '../../db/schema/hpc';
import { users } from '../../db/schema/identity';
import { jobs } from '../../db/schema/jobs';
import type { SchedulerJob } from '../../drivers/scheduler/interface';

export type JobRow = typeof jobs.$inferSelect;
export type JobListRow = { job: JobRow; clusterName: string; userName: string | null };

export interface JobFilter {
  clusterIds: readonly number[];
  /** System accounts; undefined: every account. */
  accounts?: readonly string[];
  states?: readonly string[];
  partition?: string;
  clusterName?: string;
  nameContains?: string;
  userName?: string;
  submittedFrom?: Date;
  submittedBefore?: Date;
}

export interface JobSort {
  key: 'submit_time' | 'start_time' | 'end_time' | 'job_id' | 'name' | 'state' | 'cpus' | 'cpu_seconds';
  descending: boolean;
}

const sortColumns = {
  submit_time: jobs.submitTime,
  start_time: jobs.startTime,
  end_time: jobs.endTime,
  job_id: jobs.jobId,
  name: jobs.name,
  state: jobs.state,
  cpus: jobs.cpus,
  cpu_seconds: jobs.cpuSeconds,
} as const;

/** Sort keys whose column may be null (no index; their nulls always go last). */
const nullableSortKeys = new Set<JobSort['key']>(['start_time', 'end_time', 'cpu_seconds']);

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Rows per INSERT: far under PostgreSQL's 65,535 parameters. */
const upsertBatch = 500;
/**
 * After an upsert this large the planner's statistics are refreshed: PGlite has no autovacuum, so a table
 * filled by a first sync keeps the empty table's estimate (a few dozen rows) and every page then sorts all
 * the jobs instead of reading 20 from an index (10,000 jobs: ~40 ms instead of < 1 ms).
 */
const analyzeAfterRows = 1_000;

const toValues = (clusterId: number, job: SchedulerJob, now: Date): typeof jobs.$inferInsert => ({
  clusterId,
  jobId: Number(job.jobId),
  userAccount: job.user,
  chargeAccount: job.account,
  name: job.name,
  partition: job.partition,
  state: job.state,
  reason: job.reason,
  submitTime: job.submitTime,
  startTime: job.startTime,
  endTime: job.endTime,
  timeLimitMinutes: job.timeLimitMinutes,
  cpus: job.cpus,
  nodes: job.nodes,
  workingDirectory: job.workingDirectory,
  stdoutPath: job.stdoutPath,
  stderrPath: job.stderrPath,
  exitCode: job.exitCode,
  cpuSeconds: job.cpuSeconds,
  coreSeconds: job.coreSeconds,
  updatedAt: now,
});

/**
 * One row per job (PostgreSQL refuses to update a row twice in one INSERT … ON CONFLICT): a later look
 * wins, keeping what an earlier one knew and it does not (accounting's CPU time, the end).
 */
function latestLooks(looks: readonly SchedulerJob[]): SchedulerJob[] {
  const byId = new Map<string, SchedulerJob>();
  for (const job of looks) {
    const earlier = byId.get(job.jobId);
    byId.set(
      job.jobId,
      earlier
        ? { ...job, cpuSeconds: job.cpuSeconds ?? earlier.cpuSeconds, coreSeconds: job.coreSeconds ?? earlier.coreSeconds, exitCode: job.exitCode ?? earlier.exitCode, endTime: job.endTime ?? earlier.endTime }
        : job,
    );
  }
  return [...byId.values()];
}

export function createJobsRepo(db: Database) {
  const where = (f: JobFilter): SQL | undefined =>
    and(
      inArray(jobs.clusterId, [...f.clusterIds]),
      f.accounts ? inArray(jobs.userAccount, [...f.accounts]) : undefined,
      f.states ? inArray(jobs.state, [...f.states]) : undefined,
      f.partition ? eq(jobs.partition, f.partition) : undefined,
      f.clusterName ? eq(clusters.name, f.clusterName) : undefined,
      f.nameContains ? ilike(jobs.name, `%${likeEscaped(f.nameContains)}%`) : undefined,
      f.userName ? eq(users.userName, f.userName) : undefined,
      f.submittedFrom ? gte(jobs.submitTime, f.submittedFrom) : undefined,
      f.submittedBefore ? lt(jobs.submitTime, f.submittedBefore) : undefined,
    );
  const joinedRows = () =>
    db
      .select({ job: jobs, clusterName: clusters.name, userName: users.userName })
      .from(jobs)
      .innerJoin(clusters, eq(clusters.id, jobs.clusterId))
      .leftJoin(bindings, eq(bindings.systemAccount, jobs.userAccount))
      .leftJoin(users, eq(users.id, bindings.userId));
  /** The joins change no count (cluster_id is a foreign key, bindings.system_account and users.id are unique): made only for filters on them. */
  const countOf = (f: JobFilter) =>
    f.clusterName || f.userName
      ? db
          .select({ n: count() })
          .from(jobs)
          .innerJoin(clusters, eq(clusters.id, jobs.clusterId))
          .leftJoin(bindings, eq(bindings.systemAccount, jobs.userAccount))
          .leftJoin(users, eq(users.id, bindings.userId))
          .where(where(f))
      : db.select({ n: count() }).from(jobs).where(where(f));

  return {
    /** Jobs that ended in [from, to), with their cluster's name (statistics: the resource report). */
    endedBetween: (from: Date, to: Date) =>
      db
        .select({
          cluster: clusters.name,
          partition: jobs.partition,
          userAccount: jobs.userAccount,
          chargeAccount: jobs.chargeAccount,
          cpus: jobs.cpus,
          coreSeconds: jobs.coreSeconds,
          submitTime: jobs.submitTime,
          startTime: jobs.startTime,
        })
        .from(jobs)
        .innerJoin(clusters, eq(clusters.id, jobs.clusterId))
        .where(and(gte(jobs.endTime, from), lt(jobs.endTime, to))),
    async page(filter: JobFilter, sort: JobSort, offset: number, limit: number): Promise<{ rows: JobListRow[]; total: number }> {
      if (filter.clusterIds.length === 0 || filter.accounts?.length === 0) return { rows: [], total: 0 };
      const column = sortColumns[sort.key];
      // Nulls last. The indexes (jobs_submit_idx, jobs_account_submit_idx) are `submit_time desc nulls last,
      // id desc nulls last` (drizzle's .desc()): the order must say exactly that, tie included, or PostgreSQL
      // sorts every matching job for one page. Ascending on a column without nulls reads them backwards.
      const direction = sort.descending ? sql`desc` : sql`asc`;
      const nulls = sort.descending || nullableSortKeys.has(sort.key) ? sql`nulls last` : sql`nulls first`;
      const order = [sql`${column} ${direction} ${nulls}`, sql`${jobs.id} ${direction} ${nulls}`];
      const [rows, [totalRow]] = await Promise.all([
        joinedRows()
          .where(where(filter))
          .orderBy(...order)
          .offset(offset)
          .limit(limit),
        countOf(filter),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    async countsByState(clusterIds: readonly number[]): Promise<Record<string, number>> {
      if (clusterIds.length === 0) return {};
      const rows = await db.select({ state: jobs.state, n: count() }).from(jobs).where(inArray(jobs.clusterId, [...clusterIds])).groupBy(jobs.state);
      return Object.fromEntries(rows.map((r) => [r.state, r.n]));
    },

    async get(clusterId: number, jobId: number): Promise<JobListRow | undefined> {
      const [row] = await joinedRows().where(
        and(eq(jobs.clusterId, clusterId), eq(jobs.jobId, jobId)),
      );
      return row;
    },

    /** Inserts or refreshes; a CPU time already known is kept when the new look has none (slurmctld vs accounting). */
    async upsert(clusterId: number, looks: readonly SchedulerJob[], now: Date): Promise<void> {
      const found = latestLooks(looks);
      for (let i = 0; i < found.length; i += upsertBatch) {
        const values = found.slice(i, i + upsertBatch).map((job) => toValues(clusterId, job, now));
        await db
          .insert(jobs)
          .values(values)
          .onConflictDoUpdate({
            target: [jobs.clusterId, jobs.jobId],
            set: {
              userAccount: sql`excluded.user_account`,
              chargeAccount: sql`excluded.charge_account`,
              name: sql`excluded.name`,
              partition: sql`excluded.partition`,
              state: sql`excluded.state`,
              reason: sql`excluded.reason`,
              submitTime: sql`excluded.submit_time`,
              startTime: sql`coalesce(excluded.start_time, ${jobs.startTime})`,
              endTime: sql`coalesce(excluded.end_time, ${jobs.endTime})`,
              timeLimitMinutes: sql`excluded.time_limit_minutes`,
              cpus: sql`excluded.cpus`,
              nodes: sql`excluded.nodes`,
              workingDirectory: sql`case when excluded.working_directory = '' then ${jobs.workingDirectory} else excluded.working_directory end`,
              stdoutPath: sql`case when excluded.stdout_path = '' then ${jobs.stdoutPath} else excluded.stdout_path end`,
              stderrPath: sql`case when excluded.stderr_path = '' then ${jobs.stderrPath} else excluded.stderr_path end`,
              exitCode: sql`coalesce(excluded.exit_code, ${jobs.exitCode})`,
              cpuSeconds: sql`coalesce(excluded.cpu_seconds, ${jobs.cpuSeconds})`,
              coreSeconds: sql`coalesce(excluded.core_seconds, ${jobs.coreSeconds})`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      if (found.length >= analyzeAfterRows) await db.execute(sql`analyze ${jobs}`);
    },

    /** Jobs in these states whose allocation includes the node (jsonb containment). */
    onNode: (clusterId: number, node: string, states: readonly string[]): Promise<JobListRow[]> =>
      joinedRows()
        .where(and(eq(jobs.clusterId, clusterId), inArray(jobs.state, [...states]), sql`${jobs.nodes} @> ${JSON.stringify([node])}::jsonb`))
        .orderBy(asc(jobs.jobId))
        .limit(1000),

    /** The latest change recorded for a cluster (where a restarted sync picks up history). */
    async lastUpdate(clusterId: number): Promise<Date | null> {
      const [row] = await db.select({ at: sql<Date | null>`max(${jobs.endTime})` }).from(jobs).where(eq(jobs.clusterId, clusterId));
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * Jobs the copy holds as not yet finished (`states`), plus those marked UNKNOWN since `unknownSince`
     * (lost from the scheduler: accounting may still record them): what a settle asks the scheduler about.
     */
    async unsettledJobIds(clusterId: number, states: readonly string[], unknownSince: Date): Promise<string[]> {
      const rows = await db
        .select({ jobId: jobs.jobId })
        .from(jobs)
        .where(and(eq(jobs.clusterId, clusterId), or(inArray(jobs.state, [...states]), and(eq(jobs.state, 'UNKNOWN'), gte(jobs.updatedAt, unknownSince)))));
      return rows.map((r) => String(r.jobId));
    },

    /** Jobs gone from the scheduler and from accounting: UNKNOWN with the reason, never RUNNING for good. */
    async markLost(clusterId: number, jobIds: readonly string[], reason: string, now: Date): Promise<void> {
      if (jobIds.length === 0) return;
      await db
        .update(jobs)
        .set({ state: 'UNKNOWN', reason, updatedAt: now })
        .where(and(eq(jobs.clusterId, clusterId), inArray(jobs.jobId, jobIds.map(Number))));
    },

    /** Finished jobs still waiting for their CPU time from accounting, oldest end first. */
    async earliestEndWithoutCpu(clusterId: number, since: Date): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | null>`min(${jobs.endTime})` })
        .from(jobs)
        .where(and(eq(jobs.clusterId, clusterId), isNull(jobs.cpuSeconds), isNotNull(jobs.endTime), gte(jobs.endTime, since)));
      return row?.at ? new Date(row.at) : null;
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
