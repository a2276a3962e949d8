import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  finishedJobStates,
  isFinishedJobState,
  type FinishedJobsRange,
  type JobState,
  type ListJobsFilter,
  type SchedulerDriver,
  type SchedulerIdentity,
  type SchedulerJob,
  type SchedulerNode,
  type SchedulerPartition,
  type SubmitJobInput,
  type SubmitJobResult,
} from '../interface';
import { conflict, forbidden, invalidInput, jobNotFound, upstreamDown } from '../scheduler-error';
import {
  assertDate,
  assertIdentity,
  assertJobId,
  assertSchedulerName,
  parseListFilter,
  parseSubmitInput,
  submittingAccount,
} from '../validate';
import { traversable } from '../../local-users/homes';
import type { LocalUsers } from '../../local-users/unix-users';
import { adoptJobProcess, readJobOutcome, signalGroup, spawnJobProcess, type JobProcess } from './job-process';
import type { LocalJobPatch, LocalJobRecord, LocalJobStore } from './job-store';
import { jobEnvironment, localNode, newLocalJob, stderrPathOf, stdoutPathOf, toSchedulerJob } from './local-jobs';
import { activeJobStates, listLocalJobs } from './local-queries';
import type { LocalQueueCoordination } from './queue-coordination';
import { RunningJob } from './running-job';
import { accountHomeOf, resolveWorkingDirectory, type AccountHome } from './workdir';

export interface LocalSchedulerOptions {
  /** Homes live in `${dataDir}/homes/<account>`, the queue's private files in `${dataDir}/scheduler`. */
  dataDir: string;
  store: LocalJobStore;
  /** CPUs the queue hands out; jobs that do not fit stay PENDING. Default: this host's CPU count. */
  cpuSlots?: number;
  partition?: string;
  defaultTimeLimitMinutes?: number;
  maxTimeLimitMinutes?: number;
  /** How long finished jobs stay in `listJobs` without `since` (Slurm's MinJobAge is 5 minutes). */
  finishedVisibleMinutes?: number;
  /** Between SIGTERM and SIGKILL on timeout and cancel. */
  killGraceMs?: number;
  /** Length of a "minute" of time limit. Only tests change it, to keep TIMEOUT tests short. */
  msPerMinute?: number;
  nodeName?: string;
  /** Failures of background work (starting, finishing jobs) that no caller is waiting for. */
  onError?: (error: unknown, context: string) => void;
  /**
   * Dedicated Unix users (the server runs as root): each account's jobs run as its own user, its
   * home is that user's (0700). Absent: every job runs as the server's own user.
   */
  users?: LocalUsers;
  /** Several instances on one database: only the leading one runs the queue (see queue-coordination.ts). */
  coordination?: LocalQueueCoordination;
  /** How long a following instance waits for the leader to end a cancelled job. */
  forwardedCancelMs?: number;
}

type JobEnd = Pick<LocalJobPatch, 'state' | 'reason' | 'exitCode' | 'cpuSeconds'>;

/**
 * The embedded scheduler: a FIFO queue of bash jobs on this host, persisted through a
 * `LocalJobStore`. Every store write and scheduling decision runs on one promise chain, so the queue
 * never double-books a slot or races a cancel against a start. With `users` each account's jobs run
 * as its own Unix user; without, accounts are only directories and every job runs as the server's
 * own OS user (see drivers/README.md).
 * With a `coordination`, an instance that does not lead keeps no processes: it inserts jobs, reads the
 * store and forwards kicks and cancels; when it starts leading it recovers the queue as after a restart
 * (same host: the running jobs are re-adopted), and when it stops it lets go of them as `close()` does.
 */
export class LocalScheduler implements SchedulerDriver {
  readonly kind = 'local' as const;
  private readonly running = new Map<number, RunningJob>();
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Runs the queue (always, without a coordination). */
  private active: boolean;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly dataDir: string;
  private readonly store: LocalJobStore;
  private readonly slots: number;
  private readonly partition: string;
  private readonly nodeName: string;
  private readonly maxTimeLimit: number;

  constructor(private readonly options: LocalSchedulerOptions) {
    this.dataDir = path.resolve(options.dataDir);
    this.store = options.store;
    this.slots = options.cpuSlots ?? os.cpus().length;
    this.partition = assertSchedulerName('partition', options.partition ?? 'local');
    this.nodeName = options.nodeName ?? os.hostname();
    this.maxTimeLimit = options.maxTimeLimitMinutes ?? 7 * 24 * 60;
    const coordination = options.coordination;
    this.active = coordination ? coordination.leads() : true;
    if (coordination) {
      this.unsubscribe.push(
        coordination.onLeadChange((leads) => (leads ? this.lead() : this.follow())),
        coordination.onMessage((message) => {
          if (!this.active || this.closed) return;
          if (message.kind === 'kick') this.kick();
          // cancelHere is on the chain itself (and its stop is awaited off it)
          else this.cancelHere(message.jobId).catch((error: unknown) => (this.options.onError ?? console.error)(error, `cancelling job ${message.jobId}`));
        }),
      );
    }
  }

  /** Starts running the queue: the jobs another instance watched are re-adopted or ended, pending ones start. */
  private lead(): void {
    if (this.closed || this.active) return;
    this.active = true;
    this.recover().catch((error: unknown) => (this.options.onError ?? console.error)(error, 'taking over the local queue'));
  }

  /** Stops running the queue; its processes keep running for the next leader to adopt. */
  private follow(): void {
    if (!this.active) return;
    this.active = false;
    for (const entry of this.running.values()) entry.disarm(true);
    this.running.clear();
  }

  private usedSlots(): number {
    return [...this.running.values()].reduce((sum, job) => sum + job.cpus, 0);
  }

  private home(account: string): Promise<AccountHome> {
    return accountHomeOf(this.dataDir, account, this.options.users);
  }

  private runDir(jobId: number): string {
    return path.join(this.dataDir, 'scheduler', 'jobs', String(jobId));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private background(context: string, work: () => Promise<unknown>): void {
    this.serial(work).catch((error: unknown) => (this.options.onError ?? console.error)(error, context));
  }

  private kick(): void {
    if (!this.closed && this.active) this.background('scheduling pending jobs', () => this.schedulePass());
  }

  async submitJob(identity: SchedulerIdentity, raw: SubmitJobInput): Promise<SubmitJobResult> {
    const account = submittingAccount(identity);
    const input = parseSubmitInput(raw);
    if (input.partition !== undefined && input.partition !== this.partition)
      throw invalidInput(`unknown partition ${input.partition}: this queue has only ${this.partition}`, { field: 'partition' });
    if (input.cpus > this.slots)
      throw invalidInput(`${input.cpus} CPUs requested, the queue has ${this.slots}`, { field: 'cpus' });
    // not enforced here (jobs share the host), but a request no node could meet is refused as Slurm would
    const memoryMb = Math.floor(os.totalmem() / 1024 / 1024);
    if (input.memoryMb !== undefined && input.memoryMb > memoryMb)
      throw invalidInput(`${input.memoryMb} MB of memory requested, the node has ${memoryMb} MB`, { field: 'memoryMb' });
    const timeLimitMinutes = input.timeLimitMinutes ?? Math.min(this.options.defaultTimeLimitMinutes ?? 60, this.maxTimeLimit);
    if (timeLimitMinutes > this.maxTimeLimit)
      throw invalidInput(`time limit over the partition's ${this.maxTimeLimit} minutes`, { field: 'timeLimitMinutes' });
    const { home } = await this.home(account);
    const workingDirectory = await resolveWorkingDirectory(home, input.workingDirectory);
    const job = await this.serial(() =>
      this.store.insert(newLocalJob({ ...input, account, partition: this.partition, timeLimitMinutes, workingDirectory })),
    );
    if (this.active) this.kick();
    else this.options.coordination?.send({ kind: 'kick' });
    return { jobId: String(job.jobId), warnings: [] };
  }

  /** Starts pending jobs in submission order while they fit; the head of the queue is never overtaken. */
  private async schedulePass(): Promise<void> {
    let blocked = false;
    for (const job of await this.store.list({ states: ['PENDING'] })) {
      if (this.closed || !this.active) return;
      if (!blocked && this.usedSlots() + job.cpus <= this.slots) {
        await this.start(job);
        continue;
      }
      const reason = blocked ? 'Priority' : 'Resources';
      blocked = true;
      if (job.reason !== reason) await this.store.update(job.jobId, { reason, updatedAt: new Date() });
    }
  }

  private async start(job: LocalJobRecord): Promise<void> {
    const entry = new RunningJob(job.cpus, this.options.killGraceMs ?? 5000);
    this.running.set(job.jobId, entry);
    const startTime = new Date();
    // RUNNING is written before the process exists: a crash in between fails the job on recovery
    // instead of running its script twice.
    await this.store.update(job.jobId, { state: 'RUNNING', reason: null, startTime, updatedAt: startTime });
    try {
      const { home, user } = await this.home(job.account);
      const cwd = await resolveWorkingDirectory(home, job.workingDirectory);
      const proc = await spawnJobProcess({
        runDir: this.runDir(job.jobId),
        script: job.script,
        cwd,
        env: jobEnvironment(job, home, this.nodeName, user?.name),
        stdoutPath: stdoutPathOf(job),
        stderrPath: stderrPathOf(job),
        ...(user ? { runAs: { uid: user.uid, gid: user.gid } } : {}),
      });
      await this.store.update(job.jobId, { pid: proc.pid, pidStartTicks: proc.startTicks, updatedAt: new Date() });
      this.watch(job, entry, proc, startTime);
    } catch (error) {
      const info = error instanceof Error ? error.message : String(error);
      await this.finalize(job.jobId, { state: 'FAILED', reason: `could not start: ${info}`, exitCode: null, cpuSeconds: null });
    }
  }

  private watch(job: LocalJobRecord, entry: RunningJob, proc: JobProcess, startTime: Date): void {
    const limitMs = job.timeLimitMinutes * (this.options.msPerMinute ?? 60_000);
    entry.watch(proc, limitMs - (Date.now() - startTime.getTime()), () => {
      // After close() (or standing down) the job belongs to whichever queue leads next; this one must not record its end.
      if (!this.closed && this.active) this.background(`finishing job ${job.jobId}`, () => this.finish(job.jobId));
    });
  }

  private async finish(jobId: number): Promise<void> {
    const entry = this.running.get(jobId);
    if (!entry?.process) return;
    entry.disarm();
    // Whatever the script left running in its group goes with it, as under Slurm.
    signalGroup(entry.process.pid, 'SIGKILL');
    const outcome = await readJobOutcome(this.runDir(jobId));
    // No report: the wrapper itself was killed (SIGKILL after the grace, or SIGTERM before its trap was set).
    const exitCode = outcome?.exitCode ?? entry.exitStatus;
    const state: JobState = entry.stopReason ?? (exitCode === 0 ? 'COMPLETED' : 'FAILED');
    const reason = state === 'TIMEOUT' ? 'TimeLimit' : state === 'FAILED' ? 'NonZeroExitCode' : null;
    await this.finalize(jobId, { state, reason, exitCode, cpuSeconds: outcome?.cpuSeconds ?? entry.cpuSample ?? null });
  }

  private async finalize(jobId: number, end: JobEnd): Promise<void> {
    const now = new Date();
    await this.store.update(jobId, { ...end, endTime: now, updatedAt: now });
    await rm(this.runDir(jobId), { recursive: true, force: true });
    this.running.get(jobId)?.done();
    this.running.delete(jobId);
    this.kick();
  }

  /**
   * After a restart: a RUNNING job whose process still lives is adopted (watched, limited, cancellable);
   * one whose process is gone gets the outcome its wrapper wrote, or becomes FAILED when there is none.
   * It is never re-queued: a script that already ran part-way may not be safe to run again.
   */
  async recover(): Promise<void> {
    // the run directories hold each job's script, which its user must reach (0711 all the way)
    if (this.options.users) await traversable(this.dataDir, path.join(this.dataDir, 'scheduler', 'jobs'));
    await this.serial(async () => {
      for (const job of await this.store.list({ states: activeJobStates.filter((s) => s !== 'PENDING') })) {
        const entry = new RunningJob(job.cpus, this.options.killGraceMs ?? 5000);
        this.running.set(job.jobId, entry);
        const proc = job.pid === null ? undefined : await adoptJobProcess(job.pid, job.pidStartTicks, 250);
        if (proc) {
          this.watch(job, entry, proc, job.startTime ?? new Date());
          continue;
        }
        const outcome = await readJobOutcome(this.runDir(job.jobId));
        await this.finalize(
          job.jobId,
          outcome
            ? { state: outcome.exitCode === 0 ? 'COMPLETED' : 'FAILED', reason: null, ...outcome }
            : { state: 'FAILED', reason: 'the server restarted and the job process was gone', exitCode: null, cpuSeconds: null },
        );
      }
    });
    this.kick();
  }

  async listJobs(identity: SchedulerIdentity, filter?: ListJobsFilter): Promise<SchedulerJob[]> {
    assertIdentity(identity);
    const records = await listLocalJobs(this.store, parseListFilter(filter), this.options.finishedVisibleMinutes ?? 5);
    return records.map((job) => toSchedulerJob(job, identity, this.nodeName));
  }

  async getJob(identity: SchedulerIdentity, jobId: string): Promise<SchedulerJob> {
    assertIdentity(identity);
    const job = await this.store.get(Number(assertJobId(jobId)));
    if (!job) throw jobNotFound(jobId);
    return toSchedulerJob(job, identity, this.nodeName);
  }

  async cancelJob(identity: SchedulerIdentity, jobId: string): Promise<void> {
    assertIdentity(identity);
    const id = Number(assertJobId(jobId));
    const job = await this.store.get(id);
    if (!job) throw jobNotFound(jobId);
    if (identity.kind === 'user' && identity.account !== job.account) throw forbidden(`job ${jobId} belongs to another account`);
    if (this.active) {
      await (await this.cancelHere(id)).stopping;
      return;
    }
    if (isFinishedJobState(job.state)) return;
    // the leading instance owns the processes: it is asked, and the job's end is awaited in the store
    this.options.coordination?.send({ kind: 'cancel', jobId: id });
    const deadline = Date.now() + (this.options.forwardedCancelMs ?? (this.options.killGraceMs ?? 5000) + 10_000);
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (isFinishedJobState((await this.store.get(id))?.state ?? 'CANCELLED')) return;
    }
    throw upstreamDown(`job ${jobId} was not cancelled: the instance running the local queue did not answer`);
  }

  /**
   * Decided on the chain, awaited off it: the job's end is itself recorded on the chain. (Wrapped in an
   * object, because a promise returned from the chained work would be awaited on the chain.)
   */
  private cancelHere(id: number): Promise<{ stopping: Promise<void> | undefined }> {
    return this.serial(async () => {
      const job = await this.store.get(id);
      if (!job) throw jobNotFound(String(id));
      if (job.state === 'PENDING') {
        const now = new Date();
        await this.store.update(id, { state: 'CANCELLED', reason: null, endTime: now, updatedAt: now });
      }
      return { stopping: isFinishedJobState(job.state) ? undefined : this.running.get(id)?.stop('CANCELLED') };
    });
  }

  async raiseTimeLimit(jobId: string, minutes: number): Promise<void> {
    const id = Number(assertJobId(jobId));
    if (!Number.isInteger(minutes) || minutes < 1) throw invalidInput('the time limit is a whole number of minutes', { field: 'timeLimitMinutes' });
    if (minutes > this.maxTimeLimit) throw invalidInput(`time limit over the partition's ${this.maxTimeLimit} minutes`, { field: 'timeLimitMinutes' });
    await this.serial(async () => {
      const job = await this.store.get(id);
      if (!job) throw jobNotFound(jobId);
      if (isFinishedJobState(job.state)) throw conflict(`job ${jobId} is ${job.state}`);
      if (minutes <= job.timeLimitMinutes) return;
      await this.store.update(id, { timeLimitMinutes: minutes, updatedAt: new Date() });
      // the running process's timer follows the new limit (another instance re-arms it when it adopts the job)
      const entry = this.running.get(id);
      if (entry?.process && job.startTime) entry.limit(minutes * (this.options.msPerMinute ?? 60_000) - (Date.now() - job.startTime.getTime()));
    });
  }

  async listNodes(identity: SchedulerIdentity): Promise<SchedulerNode[]> {
    assertIdentity(identity);
    // a following instance holds no processes: the store knows what runs
    const used = this.active ? this.usedSlots() : (await this.store.list({ states: ['RUNNING'] })).reduce((sum, job) => sum + job.cpus, 0);
    return [localNode(this.nodeName, this.partition, this.slots, used)];
  }

  async listPartitions(identity: SchedulerIdentity): Promise<SchedulerPartition[]> {
    assertIdentity(identity);
    return [
      { name: this.partition, state: 'UP', totalCpus: this.slots, totalNodes: 1, maxTimeMinutes: this.maxTimeLimit, isDefault: true },
    ];
  }

  async listFinishedJobs(identity: SchedulerIdentity, range: FinishedJobsRange): Promise<SchedulerJob[]> {
    assertIdentity(identity);
    range.users?.forEach((user) => assertSchedulerName('account', user));
    const records = await this.store.list({
      states: finishedJobStates,
      endedSince: assertDate('startTime', range.startTime),
      endedBefore: range.endTime === undefined ? new Date() : assertDate('endTime', range.endTime),
      accounts: range.users,
    });
    return records.map((job) => toSchedulerJob(job, identity, this.nodeName));
  }

  /** The account's home under the data directory and, with dedicated users, its Unix user (the local stand-in for a cluster account). */
  async ensureUserAccount(account: string): Promise<void> {
    await this.home(assertSchedulerName('account', account));
  }

  /** Stops watching; running jobs keep running and the next start re-adopts them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const entry of this.running.values()) entry.disarm(true);
    await this.chain;
  }
}

/** A ready queue: recovered from its store and scheduling. */
export async function createLocalScheduler(options: LocalSchedulerOptions): Promise<LocalScheduler> {
  const scheduler = new LocalScheduler(options);
  if (options.coordination?.leads() ?? true) await scheduler.recover();
  return scheduler;
}
