import { upstreamDown } from '../scheduler-error';

export interface ControllerHealthOptions {
  /** Resolves when the controller answers; rejects (with the reason) when it does not. Bounded by its own short timeout. */
  probe: () => Promise<void>;
  /** Between probes while the controller answers and the driver is in use. */
  upEveryMs?: number;
  /** Between probes while it is down: recovery is seen without any request. */
  downEveryMs?: number;
  /** No controller call for this long: probing stops until the next one. */
  idleAfterMs?: number;
  /** Who this is about, for the reason ("slurmrestd at http://…"). */
  name: string;
}

/**
 * A short-lived view of whether a cluster's controller answers, kept by probing in the background
 * (slurmrestd's ping), so that calls fail at once with 1502 while it is known down instead of each one
 * waiting for slurmrestd's own wait on slurmctld (MessageTimeout, 10 s). A failing call also asks for a
 * probe at once. Recovery is noticed by the probe alone. Timers are unref'd and stopped by `close()`.
 */
export class ControllerHealth {
  private downSince: Date | null = null;
  private reason = '';
  private usedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;
  private closed = false;
  private readonly upEveryMs: number;
  private readonly downEveryMs: number;
  private readonly idleAfterMs: number;

  constructor(private readonly options: ControllerHealthOptions) {
    this.upEveryMs = options.upEveryMs ?? 5_000;
    this.downEveryMs = options.downEveryMs ?? 2_000;
    this.idleAfterMs = options.idleAfterMs ?? 300_000;
  }

  /** Before a controller call: 1502 at once while the controller is known down. */
  check(): void {
    this.usedAt = Date.now();
    this.schedule();
    if (this.downSince)
      throw upstreamDown(`the Slurm controller behind ${this.options.name} is unreachable since ${this.downSince.toISOString()}: ${this.reason}`);
  }

  /** A controller call failed with 1502: probe now rather than at the next tick. */
  failed(): void {
    void this.probeNow();
  }

  get down(): boolean {
    return this.downSince !== null;
  }

  probeNow(): Promise<void> {
    this.probing ??= this.options
      .probe()
      .then(
        () => {
          this.downSince = null;
        },
        (error: unknown) => {
          this.downSince ??= new Date();
          this.reason = error instanceof Error ? error.message : String(error);
        },
      )
      .finally(() => {
        this.probing = null;
        this.schedule();
      });
    return this.probing;
  }

  private schedule(): void {
    if (this.closed || this.timer || this.probing) return;
    // idle and answering: no probes until the next call (a down controller is watched until it is back)
    if (!this.downSince && Date.now() - this.usedAt > this.idleAfterMs) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.probeNow();
      },
      this.downSince ? this.downEveryMs : this.upEveryMs,
    );
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
