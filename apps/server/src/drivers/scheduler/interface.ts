import { z } from 'zod';
import { jobStates, type JobState } from '@starlight/contract/jobs';

/**
 * The scheduler driver contract (ARCHITECTURE §1): one interface, a `local` queue on this host and a
 * `slurm` client of slurmrestd + slurmdbd. Services hold a `SchedulerDriver` and never know which.
 */

/**
 * Who a call acts as. `user` is the caller's bound system account; the cluster checks it like any
 * login. `admin` is the driver's configured operator identity: use it only after the caller passed
 * our own permission check (group/all views, admin cancel), never to submit.
 */
export type SchedulerIdentity = { kind: 'user'; account: string } | { kind: 'admin' };

/**
 * Names of accounts, nodes and partitions: letters, digits, `_ . -`, and not starting with `.` or `-`,
 * so a name is never `..` in a path nor an option to a command.
 */
export const schedulerNamePattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
export const jobIdPattern = /^[0-9]{1,10}$/;

// One list of states for the wire and the drivers.
export { jobStates, type JobState };

/** States after which a job never changes again. */
export const finishedJobStates: readonly JobState[] = [
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'TIMEOUT',
  'NODE_FAIL',
  'OUT_OF_MEMORY',
  'PREEMPTED',
  'BOOT_FAIL',
  'DEADLINE',
];
export const isFinishedJobState = (state: JobState): boolean => finishedJobStates.includes(state);

// Control characters are refused because names and paths end up in logs, JSON and file names.
// eslint-disable-next-line no-control-regex
const noControlChars = /^[^\u0000-\u001f\u007f]*$/;
const schedulerName = z.string().min(1).max(64).regex(schedulerNamePattern, 'letters, digits, _ . - only');

export const submitJobInputSchema = z.object({
  name: z.string().min(1).max(200).regex(noControlChars, 'no control characters'),
  // The script never reaches a shell string: it is written to a file (local) or sent as JSON (slurm).
  script: z.string().min(1).max(1_000_000).refine((s) => !s.includes('\u0000'), 'no NUL bytes'),
  /** Omitted: the cluster's default partition. */
  partition: schedulerName.optional(),
  cpus: z.number().int().min(1).max(4096).default(1),
  /** Omitted: the partition's default. */
  timeLimitMinutes: z.number().int().min(1).max(366 * 24 * 60).optional(),
  /** Memory per node in MB (Slurm `--mem`); the local queue checks it against this host's memory, does not enforce it. */
  memoryMb: z.number().int().min(1).max(64 * 1024 * 1024).optional(),
  /** local: relative to (or absolute inside) the account's home; slurm: absolute on the cluster. */
  workingDirectory: z.string().max(4096).regex(noControlChars, 'no control characters').optional(),
  env: z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'environment names are letters, digits and _'),
      z.string().max(32_768).refine((s) => !s.includes('\u0000'), 'no NUL bytes'),
    )
    .optional(),
});
/** What callers pass (defaults may be omitted). */
export type SubmitJobInput = z.input<typeof submitJobInputSchema>;
/** What drivers see after validation. */
export type ValidSubmitJobInput = z.output<typeof submitJobInputSchema>;

export interface SubmitJobResult {
  jobId: string;
  /** Slurm may accept a job and still report why it cannot start (e.g. over the partition's limits). */
  warnings: string[];
}

export interface SchedulerJob {
  jobId: string;
  name: string;
  /** The system account the job runs as. */
  user: string;
  /** The charge account (Slurm `account`); the local queue uses the system account. */
  account: string;
  partition: string;
  state: JobState;
  /** Why a job waits or how it ended (Slurm `state_reason`); null when there is nothing to say. */
  reason: string | null;
  submitTime: Date;
  /** Null until the job really started (Slurm's estimated start of a pending job is dropped). */
  startTime: Date | null;
  /** Null until the job finished (a running job's projected end is dropped). */
  endTime: Date | null;
  /** Null: no limit. */
  timeLimitMinutes: number | null;
  cpus: number;
  nodes: string[];
  workingDirectory: string;
  stdoutPath: string;
  stderrPath: string;
  /** The script's exit status (128 + n when killed by signal n); null while running or unknown. */
  exitCode: number | null;
  /** CPU time the job's processes used (user + system), seconds; null when not (yet) measured. */
  cpuSeconds: number | null;
  /** Allocated cores × elapsed seconds (Slurm CPUTimeRAW), the basis of core-hour billing. */
  coreSeconds: number | null;
  /** Only where the driver can show it, and only to the owner or the admin identity. */
  script?: string;
  /** GPUs allocated (accounting TRES `gres/gpu`); absent where the driver has none. */
  gpus?: number;
  /** The QoS the job ran under (accounting); absent where the driver has none. */
  qos?: string;
}

export interface SchedulerNode {
  name: string;
  /** Lower-case base state as sinfo shows it: idle, mixed, allocated, down, drained, draining, … */
  state: string;
  /** Extra Slurm state flags (DRAIN, NOT_RESPONDING, …). */
  stateFlags: string[];
  cpusTotal: number;
  cpusAlloc: number;
  memoryTotalMb: number;
  /** Null where the driver does not track memory (the local queue). */
  memoryAllocMb: number | null;
  partitions: string[];
  /** Where this host reaches the node (Slurm's NodeAddr) when it differs from the name; absent: the name. */
  address?: string;
}

export interface SchedulerPartition {
  name: string;
  /** UP, DOWN, DRAIN or INACTIVE. */
  state: string;
  totalCpus: number;
  totalNodes: number;
  /** Null: unlimited. */
  maxTimeMinutes: number | null;
  isDefault: boolean;
}

export interface ListJobsFilter {
  /** Only jobs that changed at or after this time (for a console keeping its own synced copy). */
  since?: Date;
  /** System accounts. */
  users?: string[];
  jobIds?: string[];
}

export interface FinishedJobsRange {
  /** Jobs that ended at or after this time … */
  startTime: Date;
  /** … and before this one (default: now). */
  endTime?: Date;
  users?: string[];
}

export interface EnsureAccountOptions {
  /** slurm: the Slurm account (charge account) to associate a new user with. */
  chargeAccount?: string;
}

export interface PartitionAccess {
  chargeAccount: string;
  partitions: readonly string[];
}

/** Whose associations a fee limit is written on: a Slurm user's, or every user's under a Slurm account. */
export type SubmitLimitHolder = { user: string } | { account: string };

export interface SubmitLimit {
  /** Over the limit: sbatch refused, nothing pending starts. */
  blocked: boolean;
  /** Not over: the CPU-minutes left (null: no CPU-hour limit reaches the holder). */
  cpuMinutes: number | null;
}

export interface SchedulerDriver {
  readonly kind: 'local' | 'slurm';
  submitJob(identity: SchedulerIdentity, input: SubmitJobInput): Promise<SubmitJobResult>;
  /** Active jobs plus recently finished ones; with `since`, only those changed since then. */
  listJobs(identity: SchedulerIdentity, filter?: ListJobsFilter): Promise<SchedulerJob[]>;
  /** Throws 1404 when the scheduler does not know the job. */
  getJob(identity: SchedulerIdentity, jobId: string): Promise<SchedulerJob>;
  /** Resolves once the cancel was accepted; cancelling a finished job is a no-op. */
  cancelJob(identity: SchedulerIdentity, jobId: string): Promise<void>;
  listNodes(identity: SchedulerIdentity): Promise<SchedulerNode[]>;
  listPartitions(identity: SchedulerIdentity): Promise<SchedulerPartition[]>;
  /** From accounting: finished jobs with the CPU time they used. */
  listFinishedJobs(identity: SchedulerIdentity, range: FinishedJobsRange): Promise<SchedulerJob[]>;
  /**
   * Only where the controller forgets finished jobs (slurm: MinJobAge after they end): of these ids a caller
   * last saw active, the ones the controller no longer lists, as accounting records them (read in bulk);
   * `unknown` is in neither. Drivers that keep every job (local) leave it out.
   */
  vanishedJobs?(identity: SchedulerIdentity, jobIds: readonly string[]): Promise<{ found: SchedulerJob[]; unknown: string[] }>;
  /**
   * Makes a newly bound account usable, as the admin identity: local creates its home; slurm adds the
   * Slurm user and its association with `chargeAccount` unless it has one already. Call it only after
   * the caller proved control of the account.
   */
  ensureUserAccount(account: string, options?: EnsureAccountOptions): Promise<void>;
  /**
   * Only where the cluster itself enforces partition access (slurm): as the admin identity, makes the
   * account's associations under `chargeAccount` exactly one per partition in `partitions` (adding the
   * missing ones, removing the others and the partition-less one, which would open every partition).
   * Drivers without it (local) leave the console's own check as the only one.
   */
  setPartitionAccess?(account: string, access: PartitionAccess): Promise<void>;
  /**
   * Only where the cluster itself can refuse work (slurm): as the admin identity, on every association of
   * the holder (a Slurm user's, whatever account; or every user's under a Slurm account), `blocked` sets
   * GrpSubmitJobs=0 (sbatch refused) and GrpTRESMins cpu=0 (nothing pending starts); otherwise both are
   * cleared and `cpuMinutes` (what is left) becomes GrpTRESRunMins cpu, null clearing it. The fees module
   * decides; the cluster enforces it.
   */
  setSubmitLimit?(holder: SubmitLimitHolder, limit: SubmitLimit): Promise<void>;
  /**
   * As the admin identity (Slurm lets only operators raise a limit): sets an active job's time limit to
   * `minutes`, never lower than it is and never over its partition's maximum (1400), a finished job 1409.
   * The caller checked that its user owns the job.
   */
  raiseTimeLimit(jobId: string, minutes: number): Promise<void>;
  close(): Promise<void>;
}
