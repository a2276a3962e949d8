import { Code } from '@starlight/contract/codes';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import { AppError } from '../../lib/app-error';
import { createOutageLog } from '../../lib/outage-log';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { JobsRepo } from './jobs.repo';

export interface JobsSyncDeps {
  repo: JobsRepo;
  clusters: ClustersService;
  log?: (error: unknown, context: string) => void;
  /** A line that is not a failure (a cluster answering again after an outage). */
  notice?: (message: string) => void;
  now?: () => Date;
  /** A list younger than this is served without asking the scheduler again. */
  stalenessMs?: number;
  /** A list waits at most this long for a sync; then it is served from the database and the sync finishes behind it. */
  maxWaitMs?: number;
  /**
   * The same once this process has synced the cluster and nothing of ours changed it since (no submit or
   * cancel): enough for slurmrestd's 304 (after which the copy is current anyway) or a small cluster's changes,
   * while a re-read of every job (22.05 answers update_time with all of them once anything changed: ~3 s for
   * 10,000) finishes behind the answer instead of delaying each list. bench/job-list.mjs measures it.
   */
  warmWaitMs?: number;
  /** Told after each sync of a cluster: how long it took and whether it failed (the console's /metrics). */
  onSynced?: (cluster: string, seconds: number, ok: boolean) => void;
  /** How far back a first sync (a fresh start) reads accounting for jobs it has not seen. */
  backfillDays?: number;
  /** Told of every job look the sync records (the monitor's events log records failures as they are seen). */
  onSeen?: (cluster: ClusterRow, jobs: readonly SchedulerJob[]) => Promise<void>;
  /**
   * A sync this long after the previous one (or the first of this process) settles the copy's unfinished jobs
   * against the controller: the shortest MinJobAge a cluster would use (jobs that ended and were forgotten in
   * between never show in an incremental sync). The next list waits for it (maxWaitMs).
   */
  settleAfterGapMs?: number;
  /** Settles at least this often while lists (or the background round) sync. */
  settleEveryMs?: number;
  /** A job in neither the controller nor accounting for this long is marked UNKNOWN ("lost"), not left RUNNING. */
  lostAfterMs?: number;
}

interface ClusterSync {
  /** Start of the last successful sync: the next one asks for what changed since then. */
  lastStart: Date | null;
  checkedAt: number;
  /** A submit or cancel through us: the next list waits the full maxWaitMs for the sync. */
  changedByUs: boolean;
  inflight: Promise<void> | null;
  cpuCheckedAt: number;
  settledAt: number;
  /** Jobs in neither the controller nor accounting, with when that was first seen (accounting lag). */
  missingSince: Map<string, number>;
}

const admin = { kind: 'admin' } as const;
/** Overlap between incremental syncs, for changes stamped just before the previous sync started. */
const overlapMs = 5_000;
/** Accounting is asked for missing CPU times at most this often per cluster. */
const cpuBackfillEveryMs = 30_000;
/** States after which the controller may forget a job while the copy still shows it as not finished. */
const unsettledStates = ['PENDING', 'RUNNING', 'SUSPENDED', 'COMPLETING'] as const;
export const lostJobReason = 'gone from the scheduler and not in its accounting';
/** slurmdbd answers a window without jobs with an error ("Nothing found", 9003 → 1404): that is no jobs. */
const noneIfNotFound = (error: unknown): SchedulerJob[] => {
  if (error instanceof AppError && error.code === Code.notFound) return [];
  throw error;
};

/**
 * Keeps the `jobs` table in step with each cluster: the first sync of this process reads the
 * scheduler's current jobs and accounting history back to the last job we recorded (bounded by
 * `backfillDays`); later ones ask only for what changed since the previous sync (`listJobs({ since })`,
 * slurmrestd's update_time: a 304 when nothing did). Lists call `ensureFresh` and are then served
 * from the database. Jobs submitted outside the console (sbatch) arrive the same way.
 */
export function createJobsSync({
  repo,
  clusters,
  log = () => undefined,
  notice = () => undefined,
  now = () => new Date(),
  stalenessMs = 2_000,
  maxWaitMs = 1_500,
  warmWaitMs = 50,
  backfillDays = 7,
  onSeen,
  onSynced,
  settleAfterGapMs = 10_000,
  settleEveryMs = 60_000,
  lostAfterMs = 600_000,
}: JobsSyncDeps) {
  /** Records looks, then tells onSeen; an observer failing is logged and never fails the sync. */
  async function record(cluster: ClusterRow, found: readonly SchedulerJob[], at: Date): Promise<void> {
    await repo.upsert(cluster.id, found, at);
    if (onSeen && found.length > 0) await onSeen(cluster, found).catch((error: unknown) => log(error, `recording job events of cluster ${cluster.name}`));
  }

  const state = new Map<number, ClusterSync>();
  const stateOf = (id: number): ClusterSync => {
    let s = state.get(id);
    if (!s) state.set(id, (s = { lastStart: null, checkedAt: 0, changedByUs: false, inflight: null, cpuCheckedAt: 0, settledAt: 0, missingSince: new Map() }));
    return s;
  };

  async function syncOnce(cluster: ClusterRow, s: ClusterSync): Promise<void> {
    s.changedByUs = false; // this sync sees those changes
    const startedAt = now();
    const driver = await clusters.scheduler(cluster);
    let found: SchedulerJob[];
    if (s.lastStart) {
      found = await driver.listJobs(admin, { since: new Date(s.lastStart.getTime() - overlapMs) });
    } else {
      const floor = startedAt.getTime() - backfillDays * 86_400_000;
      const last = (await repo.lastUpdate(cluster.id))?.getTime() ?? floor;
      const [history, current] = await Promise.all([
        driver.listFinishedJobs(admin, { startTime: new Date(Math.max(floor, last - overlapMs)) }).catch(noneIfNotFound),
        driver.listJobs(admin),
      ]);
      found = [...history, ...current]; // current last: the live state wins, accounting's CPU time is kept
    }
    await record(cluster, found, startedAt);
    const gapMs = s.lastStart ? startedAt.getTime() - s.lastStart.getTime() : Infinity;
    s.lastStart = startedAt;
    if (gapMs >= settleAfterGapMs || startedAt.getTime() - s.settledAt >= settleEveryMs)
      await settle(cluster, s).catch((error: unknown) => log(error, `settling the vanished jobs of cluster ${cluster.name}`));
    // the jobs are synced: accounting failing to add CPU times must not make the next sync a full one again
    await backfillCpu(cluster, s).catch((error: unknown) => log(error, `reading the CPU times of cluster ${cluster.name}`));
  }

  /**
   * Jobs the copy holds as unfinished that the controller no longer lists (slurmctld forgets a job MinJobAge
   * after it ended, so one that ended while nothing synced never shows in an incremental sync) take their
   * final state, end and exit code from accounting, asked in bulk. One in neither (slurmdbd lags) keeps its
   * state until `lostAfterMs` has passed, then becomes UNKNOWN with `lostJobReason`; accounting still settles
   * it later (UNKNOWN rows stay candidates for a day).
   */
  async function settle(cluster: ClusterRow, s: ClusterSync): Promise<void> {
    const driver = await clusters.scheduler(cluster);
    if (!driver.vanishedJobs) return;
    const at = now();
    s.settledAt = at.getTime();
    const candidates = await repo.unsettledJobIds(cluster.id, unsettledStates, new Date(at.getTime() - 86_400_000));
    if (candidates.length === 0) return s.missingSince.clear();
    const { found, unknown } = await driver.vanishedJobs(admin, candidates);
    // accounting guesses the output paths (it keeps none): the copy's, from the controller, stay
    await record(cluster, found.map((job) => ({ ...job, stdoutPath: '', stderrPath: '' })), at);
    const missing = new Set(unknown);
    for (const id of s.missingSince.keys()) if (!missing.has(id)) s.missingSince.delete(id);
    for (const id of unknown) if (!s.missingSince.has(id)) s.missingSince.set(id, at.getTime());
    const lost = unknown.filter((id) => at.getTime() - s.missingSince.get(id)! >= lostAfterMs);
    await repo.markLost(cluster.id, lost, lostJobReason, at);
  }

  /** slurmctld's jobs carry no CPU time: accounting has it once the job is recorded there. */
  async function backfillCpu(cluster: ClusterRow, s: ClusterSync): Promise<void> {
    if (cluster.driver !== 'slurm' || now().getTime() - s.cpuCheckedAt < cpuBackfillEveryMs) return;
    s.cpuCheckedAt = now().getTime();
    const from = await repo.earliestEndWithoutCpu(cluster.id, new Date(now().getTime() - 86_400_000));
    if (!from) return;
    const driver = await clusters.scheduler(cluster);
    const finished = await driver.listFinishedJobs(admin, { startTime: new Date(from.getTime() - 1000) }).catch(noneIfNotFound);
    await record(cluster, finished, now());
  }

  // one line when a cluster's syncs start failing, one when they work again: a listing page tries about twice a second
  const outages = createOutageLog(log, notice);
  const syncing = (cluster: ClusterRow) => `syncing the jobs of cluster ${cluster.name}`;

  function sync(cluster: ClusterRow): Promise<void> {
    const s = stateOf(cluster.id);
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    s.inflight ??= syncOnce(cluster, s)
      .then(() => {
        s.checkedAt = Date.now();
        onSynced?.(cluster.name, took(), true);
        outages.succeeded(String(cluster.id), syncing(cluster));
      })
      .catch((error: unknown) => {
        onSynced?.(cluster.name, took(), false);
        outages.failed(String(cluster.id), error, syncing(cluster));
      })
      .finally(() => {
        s.inflight = null;
      });
    return s.inflight;
  }

  return {
    /**
     * Syncs the clusters whose copy is older than the staleness window, waiting at most maxWaitMs (warmWaitMs once
     * synced); `wait: false` waits for the whole round (the background one).
     */
    async ensureFresh(rows: readonly ClusterRow[], { wait: bounded = true } = {}): Promise<void> {
      const stale = rows.filter((c) => c.kind === 'hpc' && Date.now() - stateOf(c.id).checkedAt >= stalenessMs);
      if (stale.length === 0) return;
      if (!bounded) return void (await Promise.all(stale.map(sync)));
      // after a gap the sync also settles jobs the controller forgot meanwhile: the list waits for that
      const warm = (s: ClusterSync) => s.lastStart && !s.changedByUs && now().getTime() - s.lastStart.getTime() < settleAfterGapMs;
      const wait = Math.max(...stale.map((c) => (warm(stateOf(c.id)) ? Math.min(warmWaitMs, maxWaitMs) : maxWaitMs)));
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, wait)));
      await Promise.race([Promise.all(stale.map(sync)), deadline]);
      clearTimeout(timer);
    },

    /** Waits for a full round (a job just submitted or cancelled, a detail not yet seen). */
    async refresh(cluster: ClusterRow): Promise<void> {
      await stateOf(cluster.id).inflight;
      stateOf(cluster.id).checkedAt = 0;
      await sync(cluster);
    },

    /** The next list syncs this cluster again. */
    invalidate(clusterId: number): void {
      stateOf(clusterId).checkedAt = 0;
      stateOf(clusterId).changedByUs = true;
    },

    /** The clusters among these whose latest sync failed: why and since when (a list says so beside the copy). */
    outages(rows: readonly ClusterRow[]): { cluster: string; reason: string; since: string }[] {
      return rows.flatMap((c) => {
        const outage = outages.current(String(c.id));
        return outage ? [{ cluster: c.name, reason: outage.reason, since: new Date(outage.since).toISOString() }] : [];
      });
    },

    /** Records one job seen directly (a detail read live). */
    record: (cluster: ClusterRow, job: SchedulerJob) => record(cluster, [job], now()),
  };
}

export type JobsSync = ReturnType<typeof createJobsSync>;
