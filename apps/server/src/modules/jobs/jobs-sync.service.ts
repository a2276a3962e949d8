import { Code } from '@starlight/contract/codes';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import { AppError } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { JobsRepo } from './jobs.repo';

export interface JobsSyncDeps {
  repo: JobsRepo;
  clusters: ClustersService;
  log?: (error: unknown, context: string) => void;
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
}

interface ClusterSync {
  /** Start of the last successful sync: the next one asks for what changed since then. */
  lastStart: Date | null;
  checkedAt: number;
  /** A submit or cancel through us: the next list waits the full maxWaitMs for the sync. */
  changedByUs: boolean;
  inflight: Promise<void> | null;
  cpuCheckedAt: number;
}

const admin = { kind: 'admin' } as const;
/** Overlap between incremental syncs, for changes stamped just before the previous sync started. */
const overlapMs = 5_000;
/** Accounting is asked for missing CPU times at most this often per cluster. */
const cpuBackfillEveryMs = 30_000;
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
export function createJobsSync({ repo, clusters, log = () => undefined, now = () => new Date(), stalenessMs = 2_000, maxWaitMs = 1_500, warmWaitMs = 50, backfillDays = 7, onSeen, onSynced }: JobsSyncDeps) {
  /** Records looks, then tells onSeen; an observer failing is logged and never fails the sync. */
  async function record(cluster: ClusterRow, found: readonly SchedulerJob[], at: Date): Promise<void> {
    await repo.upsert(cluster.id, found, at);
    if (onSeen && found.length > 0) await onSeen(cluster, found).catch((error: unknown) => log(error, `recording job events of cluster ${cluster.name}`));
  }

  const state = new Map<number, ClusterSync>();
  const stateOf = (id: number): ClusterSync => {
    let s = state.get(id);
    if (!s) state.set(id, (s = { lastStart: null, checkedAt: 0, changedByUs: false, inflight: null, cpuCheckedAt: 0 }));
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
    s.lastStart = startedAt;
    // the jobs are synced: accounting failing to add CPU times must not make the next sync a full one again
    await backfillCpu(cluster, s).catch((error: unknown) => log(error, `reading the CPU times of cluster ${cluster.name}`));
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

  function sync(cluster: ClusterRow): Promise<void> {
    const s = stateOf(cluster.id);
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    s.inflight ??= syncOnce(cluster, s)
      .then(() => {
        s.checkedAt = Date.now();
        onSynced?.(cluster.name, took(), true);
      })
      .catch((error: unknown) => {
        onSynced?.(cluster.name, took(), false);
        log(error, `syncing the jobs of cluster ${cluster.name}`);
      })
      .finally(() => {
        s.inflight = null;
      });
    return s.inflight;
  }

  return {
    /** Syncs the clusters whose copy is older than the staleness window, waiting at most maxWaitMs (warmWaitMs once synced). */
    async ensureFresh(rows: readonly ClusterRow[]): Promise<void> {
      const stale = rows.filter((c) => c.kind === 'hpc' && Date.now() - stateOf(c.id).checkedAt >= stalenessMs);
      if (stale.length === 0) return;
      const wait = Math.max(
        ...stale.map((c) => {
          const s = stateOf(c.id);
          return s.lastStart && !s.changedByUs ? Math.min(warmWaitMs, maxWaitMs) : maxWaitMs;
        }),
      );
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

    /** Records one job seen directly (a detail read live). */
    record: (cluster: ClusterRow, job: SchedulerJob) => record(cluster, [job], now()),
  };
}

export type JobsSync = ReturnType<typeof createJobsSync>;
