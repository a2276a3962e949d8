import { signalGroup, type JobProcess } from './job-process';
import { groupCpuSeconds } from './proc';

export type StopReason = 'CANCELLED' | 'TIMEOUT';

/** The in-memory side of a job holding CPU slots: its process, its timers, how it is being stopped. */
export class RunningJob {
  process?: JobProcess;
  stopReason?: StopReason;
  /** Measured just before SIGKILL, which leaves the wrapper no chance to report. */
  cpuSample?: number;
  /** The wrapper's own exit status, for when it could not write its report. */
  exitStatus: number | null = null;
  readonly finished: Promise<void>;
  private markFinished: () => void = () => undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private limitTimer?: NodeJS.Timeout;

  constructor(
    readonly cpus: number,
    private readonly graceMs: number,
  ) {
    this.finished = new Promise<void>((resolve) => (this.markFinished = resolve));
  }

  /** Arms the time limit; `onEnd` runs once the process is gone. */
  watch(process: JobProcess, remainingMs: number, onEnd: () => void): void {
    this.process = process;
    this.limit(remainingMs);
    void process.ended.then((status) => {
      this.exitStatus = status;
      onEnd();
    });
  }

  /** (Re)arms the time limit: `remainingMs` from now (a raised limit replaces the earlier timer). */
  limit(remainingMs: number): void {
    if (this.limitTimer) clearTimeout(this.limitTimer);
    this.limitTimer = setTimeout(() => void this.stop('TIMEOUT'), Math.max(0, remainingMs));
    this.timers.push(this.limitTimer);
  }

  /** SIGTERM to the job's group now, SIGKILL after the grace period; resolves when the end is recorded. */
  stop(why: StopReason): Promise<void> {
    const pid = this.process?.pid;
    if (pid === undefined || this.stopReason) return this.finished;
    this.stopReason = why;
    signalGroup(pid, 'SIGTERM');
    const kill = async (): Promise<void> => {
      this.cpuSample = await groupCpuSeconds(pid);
      signalGroup(pid, 'SIGKILL');
    };
    this.timers.push(setTimeout(() => void kill(), this.graceMs));
    return this.finished;
  }

  /** Stops the timers; `release` also stops watching the process, which keeps running (server shutdown). */
  disarm(release = false): void {
    this.timers.forEach(clearTimeout);
    if (release) this.process?.release();
  }

  done(): void {
    this.disarm();
    this.markFinished();
  }
}
