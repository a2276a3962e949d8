import { z } from 'zod';
import { listSchema, pageQuerySchema } from './envelope';
import { schedulerNameSchema } from './hpc';

/** Jobs (spec §2 /job/*): lists paged, filtered and sorted on the server, across every cluster the caller may use. */

export const jobStates = [
  'PENDING',
  'RUNNING',
  'SUSPENDED',
  'COMPLETING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'TIMEOUT',
  'NODE_FAIL',
  'OUT_OF_MEMORY',
  'PREEMPTED',
  'BOOT_FAIL',
  'DEADLINE',
  'UNKNOWN',
] as const;
export type JobState = (typeof jobStates)[number];

export const jobSortKeys = ['submit_time', 'start_time', 'end_time', 'job_id', 'name', 'state', 'cpus', 'cpu_seconds'] as const;
export type JobSortKey = (typeof jobSortKeys)[number];
/** `submit_time` ascending, `-submit_time` descending (the default). */
export const jobSortSchema = z
  .string()
  .regex(new RegExp(`^-?(${jobSortKeys.join('|')})$`), `one of ${jobSortKeys.join(', ')}, optionally prefixed by -`);

/** Seconds (10 digits, spec §9), milliseconds or an ISO date. */
const timeParam = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    const date = Number.isNaN(n) ? new Date(value) : new Date(value.length <= 10 ? n * 1000 : n);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'a time: seconds, milliseconds or an ISO date' });
      return z.NEVER;
    }
    return date;
  });

/** Repeated keys (`field_eq_state=RUNNING&field_eq_state=PENDING`) arrive as an array. */
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).max(20)]).transform((v) => (Array.isArray(v) ? v : [v]));

export const jobListQuerySchema = pageQuerySchema.extend({
  field_eq_state: oneOrMany(z.enum(jobStates)).optional(),
  field_eq_partition: schedulerNameSchema.optional(),
  field_eq_cluster: schedulerNameSchema.optional(),
  field_lk_name: z.string().max(200).optional(),
  /** The console user name of the job's owner (group and all lists). */
  field_eq_user: z.string().max(64).optional(),
  /** Submitted at or after … */
  start_time: timeParam.optional(),
  /** … and before. */
  end_time: timeParam.optional(),
  sort: jobSortSchema.default('-submit_time'),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobSchema = z.object({
  cluster: z.string(),
  job_id: z.string(),
  name: z.string(),
  /** The console user bound to the account; null when no console user is. */
  user_name: z.string().nullable(),
  system_account: z.string(),
  partition: z.string(),
  state: z.enum(jobStates),
  reason: z.string().nullable(),
  submit_time: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  time_limit_minutes: z.number().int().nullable(),
  cpus: z.number().int(),
  nodes: z.array(z.string()),
  exit_code: z.number().int().nullable(),
  /** CPU time used (user + system), seconds. */
  cpu_seconds: z.number().nullable(),
  /** Allocated cores × elapsed seconds: the billing basis. */
  core_seconds: z.number().nullable(),
  /** core_seconds / 3600 (核时, spec §9). */
  core_hours: z.number().nullable(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * A job list, answered from the console's copy; `unreachable` names the clusters whose scheduler did not answer
 * the latest sync (their jobs are as last seen), with why and since when.
 */
export const jobListSchema = listSchema(jobSchema).extend({
  unreachable: z.array(z.object({ cluster: z.string(), reason: z.string(), since: z.string() })).optional(),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobDetailSchema = jobSchema.extend({
  /** Only to the owner and to administrators, where the scheduler shows it. */
  script: z.string().nullable(),
  working_directory: z.string(),
  stdout_path: z.string(),
  stderr_path: z.string(),
  /** The last bytes of each output file (up to 64 KiB), read as the job's account; null when unreadable. */
  stdout_tail: z.string().nullable(),
  stderr_tail: z.string().nullable(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const jobParamsSchema = z.object({
  cluster: schedulerNameSchema,
  jobId: z.string().regex(/^[0-9]{1,10}$/, 'digits only'),
});
export type JobParams = z.infer<typeof jobParamsSchema>;

// eslint-disable-next-line no-control-regex
const noControlChars = /^[^\u0000-\u001f\u007f]*$/;

/** The plain submit form (spec §2 /job): validated again by the server against the partitions the user may use. */
export const jobSubmitInputSchema = z
  .object({
    /** Omitted: the first cluster offering the partition. */
    cluster: schedulerNameSchema.optional(),
    partition: schedulerNameSchema,
    name: z.string().min(1).max(200).regex(noControlChars, 'no control characters').default('job'),
    script: z
      .string()
      .min(1)
      .max(1_000_000)
      .refine((s) => !s.includes('\u0000'), 'no NUL bytes'),
    cpus: z.number().int().min(1).max(4096).default(1),
    time_limit_minutes: z.number().int().min(1).max(366 * 24 * 60).optional(),
    /** Relative to the account's home, or absolute inside it; omitted: the home. */
    working_directory: z.string().max(4096).regex(noControlChars, 'no control characters').optional(),
  })
  .strict();
export type JobSubmitInput = z.infer<typeof jobSubmitInputSchema>;

export const jobSubmitResultSchema = z.object({ cluster: z.string(), job_id: z.string(), warnings: z.array(z.string()) });
export type JobSubmitResult = z.infer<typeof jobSubmitResultSchema>;

/** 核时 from core-seconds (spec §9), two decimals. */
export const coreHours = (coreSeconds: number | null): number | null =>
  coreSeconds === null ? null : Math.round((coreSeconds / 3600) * 100) / 100;
