import type { JobState } from '../interface';

/**
 * Where the local queue keeps its jobs. The queue is the only writer and it writes every state
 * change before acting on it, so a restarted server finds every job it ever accepted. The jobs
 * module supplies a drizzle-backed store (one row per job, columns named like these fields);
 * `MemoryJobStore` is the reference implementation and what the tests use.
 */
export interface LocalJobRecord {
  /** Assigned by the store on insert: a positive, increasing integer (a serial column). */
  jobId: number;
  name: string;
  account: string;
  partition: string;
  state: JobState;
  reason: string | null;
  script: string;
  cpus: number;
  timeLimitMinutes: number;
  /** Real path, inside the account's home (checked at submit and again at start). */
  workingDirectory: string;
  env: Record<string, string>;
  submitTime: Date;
  startTime: Date | null;
  endTime: Date | null;
  exitCode: number | null;
  cpuSeconds: number | null;
  /** The job's process (group leader); with `pidStartTicks` it lets a restarted queue re-adopt it. */
  pid: number | null;
  /** /proc/<pid>/stat starttime, so a recycled pid is never mistaken for the job. */
  pidStartTicks: number | null;
  /** Set on every change; `listJobs({ since })` reads it. */
  updatedAt: Date;
}

export type NewLocalJob = Omit<LocalJobRecord, 'jobId'>;
export type LocalJobPatch = Partial<Omit<LocalJobRecord, 'jobId' | 'submitTime'>> & { updatedAt: Date };

/** All conditions are ANDed; omitted ones do not filter. */
export interface LocalJobQuery {
  states?: readonly JobState[];
  accounts?: readonly string[];
  jobIds?: readonly number[];
  updatedSince?: Date;
  endedSince?: Date;
  endedBefore?: Date;
}

export interface LocalJobStore {
  insert(job: NewLocalJob): Promise<LocalJobRecord>;
  /** Returns the record after the patch; throws when the job does not exist. */
  update(jobId: number, patch: LocalJobPatch): Promise<LocalJobRecord>;
  get(jobId: number): Promise<LocalJobRecord | undefined>;
  /** Ordered by jobId ascending (the queue starts pending jobs in that order). */
  list(query: LocalJobQuery): Promise<LocalJobRecord[]>;
}

export function matchesQuery(job: LocalJobRecord, query: LocalJobQuery): boolean {
  if (query.states && !query.states.includes(job.state)) return false;
  if (query.accounts && !query.accounts.includes(job.account)) return false;
  if (query.jobIds && !query.jobIds.includes(job.jobId)) return false;
  if (query.updatedSince && job.updatedAt < query.updatedSince) return false;
  if (query.endedSince && (!job.endTime || job.endTime < query.endedSince)) return false;
  if (query.endedBefore && (!job.endTime || job.endTime >= query.endedBefore)) return false;
  return true;
}

export class MemoryJobStore implements LocalJobStore {
  private readonly jobs = new Map<number, LocalJobRecord>();
  private lastId = 0;

  /** Seeds records as a database would hold them after a restart (tests of recovery). */
  constructor(initial: readonly LocalJobRecord[] = []) {
    for (const job of initial) {
      this.jobs.set(job.jobId, structuredClone(job));
      this.lastId = Math.max(this.lastId, job.jobId);
    }
  }

  async insert(job: NewLocalJob): Promise<LocalJobRecord> {
    const record = { ...structuredClone(job), jobId: ++this.lastId };
    this.jobs.set(record.jobId, record);
    return structuredClone(record);
  }

  async update(jobId: number, patch: LocalJobPatch): Promise<LocalJobRecord> {
    const current = this.jobs.get(jobId);
    if (!current) throw new Error(`local job ${jobId} does not exist`);
    const next = { ...current, ...structuredClone(patch) };
    this.jobs.set(jobId, next);
    return structuredClone(next);
  }

  async get(jobId: number): Promise<LocalJobRecord | undefined> {
    const job = this.jobs.get(jobId);
    return job && structuredClone(job);
  }

  async list(query: LocalJobQuery): Promise<LocalJobRecord[]> {
    return [...this.jobs.values()]
      .filter((job) => matchesQuery(job, query))
      .sort((a, b) => a.jobId - b.jobId)
      .map((job) => structuredClone(job));
  }
}
