import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clusters } from './hpc';

/**
 * The console's synced copy of every cluster's jobs: list pages are served from here (indexed),
 * never by passing the scheduler's whole job table through. Refreshed incrementally by the jobs sync.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    /** The system account the job runs as. */
    userAccount: text('user_account').notNull(),
    /** The charge account (Slurm `account`). */
    chargeAccount: text('charge_account').notNull().default(''),
    name: text('name').notNull(),
    partition: text('partition').notNull(),
    state: text('state').notNull(),
    reason: text('reason'),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    timeLimitMinutes: integer('time_limit_minutes'),
    cpus: integer('cpus').notNull(),
    nodes: jsonb('nodes').$type<string[]>().notNull().default([]),
    workingDirectory: text('working_directory').notNull().default(''),
    stdoutPath: text('stdout_path').notNull().default(''),
    stderrPath: text('stderr_path').notNull().default(''),
    exitCode: integer('exit_code'),
    cpuSeconds: doublePrecision('cpu_seconds'),
    coreSeconds: doublePrecision('core_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('jobs_cluster_job_unique').on(t.clusterId, t.jobId),
    index('jobs_account_submit_idx').on(t.userAccount, t.submitTime.desc(), t.id.desc()),
    index('jobs_submit_idx').on(t.submitTime.desc(), t.id.desc()),
    index('jobs_state_idx').on(t.state),
    index('jobs_cluster_updated_idx').on(t.clusterId, t.updatedAt),
    // endedBetween (the statistics resource report computes each day from the jobs that ended in it)
    index('jobs_end_idx').on(t.endTime),
  ],
);

/** The embedded `local` scheduler's own records (its LocalJobStore), so a restart loses no job. */
export const localJobs = pgTable(
  'local_jobs',
  {
    jobId: serial('job_id').primaryKey(),
    name: text('name').notNull(),
    account: text('account').notNull(),
    partition: text('partition').notNull(),
    state: text('state').notNull(),
    reason: text('reason'),
    script: text('script').notNull(),
    cpus: integer('cpus').notNull(),
    timeLimitMinutes: integer('time_limit_minutes').notNull(),
    workingDirectory: text('working_directory').notNull(),
    env: jsonb('env').$type<Record<string, string>>().notNull().default({}),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    exitCode: integer('exit_code'),
    cpuSeconds: doublePrecision('cpu_seconds'),
    pid: integer('pid'),
    pidStartTicks: bigint('pid_start_ticks', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('local_jobs_state_idx').on(t.state),
    index('local_jobs_updated_idx').on(t.updatedAt),
    index('local_jobs_end_idx').on(t.endTime).where(sql`${t.endTime} is not null`),
  ],
);
