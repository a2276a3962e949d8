import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localJobs } from '../../db/schema/jobs';
import type { JobState } from '../../drivers/scheduler/interface';
import type { LocalJobPatch, LocalJobQuery, LocalJobRecord, LocalJobStore, NewLocalJob } from '../../drivers/scheduler/local/job-store';
import { internalError } from '../../lib/app-error';

type Row = typeof localJobs.$inferSelect;

const toRecord = (row: Row): LocalJobRecord => ({ ...row, state: row.state as JobState });

/** The local queue's LocalJobStore on the `local_jobs` table, so a restart loses no job (drivers/README.md). */
export function createLocalJobsRepo(db: Database): LocalJobStore {
  const where = (q: LocalJobQuery): SQL | undefined =>
    and(
      q.states ? inArray(localJobs.state, [...q.states]) : undefined,
      q.accounts ? inArray(localJobs.account, [...q.accounts]) : undefined,
      q.jobIds ? inArray(localJobs.jobId, [...q.jobIds]) : undefined,
      q.updatedSince ? gte(localJobs.updatedAt, q.updatedSince) : undefined,
      q.endedSince ? gte(localJobs.endTime, q.endedSince) : undefined,
      q.endedBefore ? lt(localJobs.endTime, q.endedBefore) : undefined,
    );

  return {
    async insert(job: NewLocalJob): Promise<LocalJobRecord> {
      const [row] = await db.insert(localJobs).values(job).returning();
      if (!row) throw internalError('local job was not written');
      return toRecord(row);
    },

    async update(jobId: number, patch: LocalJobPatch): Promise<LocalJobRecord> {
      const [row] = await db.update(localJobs).set(patch).where(eq(localJobs.jobId, jobId)).returning();
      if (!row) throw internalError(`local job ${jobId} does not exist`);
      return toRecord(row);
    },

    async get(jobId: number): Promise<LocalJobRecord | undefined> {
      const [row] = await db.select().from(localJobs).where(eq(localJobs.jobId, jobId));
      return row && toRecord(row);
    },

    async list(query: LocalJobQuery): Promise<LocalJobRecord[]> {
      if ([query.states, query.accounts, query.jobIds].some((list) => list?.length === 0)) return [];
      const rows = await db.select().from(localJobs).where(where(query)).orderBy(asc(localJobs.jobId));
      return rows.map(toRecord);
    },
  };
}
