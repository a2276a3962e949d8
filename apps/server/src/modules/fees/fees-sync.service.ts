import type { SchedulerJob } from '../../drivers/scheduler/interface';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { FeesRepo, NewUsageRow } from './fees.repo';
import type { PeopleRepo } from './people.repo';
import { costOf, pickPrice, usageOf } from './pricing';

export interface FeesSyncDeps {
  repo: FeesRepo;
  people: PeopleRepo;
  clusters: Pick<ClustersService, 'enabledHpcRows' | 'scheduler'>;
  now?: () => Date;
  log?: (error: unknown, context: string) => void;
  /** How far back a cluster never read before is read (days). */
  backfillDays?: number;
}

/** slurmdbd may record a job's end a little after it ended: each read starts this much before the last. */
const overlapMs = 15 * 60_000;
/** One read covers at most this much time, so a long backfill is several bounded reads. */
const windowMs = 7 * 24 * 3600_000;

export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

/**
 * Reads every enabled HPC cluster's own accounting (slurmdbd through slurmrestd; the local queue's
 * measured records) incrementally by end time — every finished job, the console's or not — and
 * charges each once: rows are unique by cluster + job + step, so a window read twice adds nothing.
 */
export function createFeesSync({ repo, people, clusters, now = () => new Date(), log = () => undefined, backfillDays = 30 }: FeesSyncDeps) {
  async function toRows(cluster: ClusterRow, jobs: SchedulerJob[]): Promise<NewUsageRow[]> {
    const owners = await people.byAccounts(jobs.map((j) => j.user));
    const prices = await repo.pricesFor(cluster.name);
    const settings = await repo.settings();
    return jobs.map((job) => {
      const person = owners.get(job.user);
      const end = job.endTime!;
      const { coreSeconds, gpuSeconds, nodeSeconds } = usageOf(job);
      const qos = job.qos ?? '';
      const price = pickPrice(prices, { clusterName: cluster.name, partition: job.partition, qos, groupId: person?.groupId ?? null, communityId: person?.communityId ?? null, at: end });
      // node-hours are charged only where the partition's price names one (exclusive partitions)
      const cost = costOf(price, { coreSeconds, gpuSeconds, nodeSeconds: price?.nodeHourPrice ? nodeSeconds : 0 }, settings);
      return {
        clusterId: cluster.id,
        jobId: job.jobId,
        step: '',
        userAccount: job.user,
        chargeAccount: job.account,
        userId: person?.userId ?? null,
        groupId: person?.groupId ?? null,
        communityId: person?.communityId ?? null,
        partition: job.partition,
        qos,
        day: dayOf(end),
        endTime: end,
        cpuSeconds: job.cpuSeconds ?? 0,
        coreSeconds,
        gpuSeconds,
        nodeSeconds,
        cost,
        priceId: price?.id ?? null,
      };
    });
  }

  /** One cluster from where it was left; returns the rows read and the rows newly charged. */
  async function syncCluster(cluster: ClusterRow, range?: { from: Date; to: Date }): Promise<{ rows: number; charged: number; days: string[] }> {
    const driver = await clusters.scheduler(cluster);
    const end = range?.to ?? now();
    let from = range?.from ?? (await repo.syncedUntil(cluster.id)) ?? new Date(end.getTime() - backfillDays * 24 * 3600_000);
    if (!range) from = new Date(from.getTime() - overlapMs);
    let rows = 0;
    let charged = 0;
    const days = new Set<string>();
    while (from < end) {
      const to = new Date(Math.min(end.getTime(), from.getTime() + windowMs));
      const jobs = (await driver.listFinishedJobs({ kind: 'admin' }, { startTime: from, endTime: to })).filter((j) => j.endTime && j.jobId);
      const inserted = await repo.insertUsage(await toRows(cluster, jobs));
      rows += jobs.length;
      charged += inserted.length;
      inserted.forEach((r) => days.add(r.day));
      from = to;
      if (!range) await repo.setSyncedUntil(cluster.id, to);
    }
    return { rows, charged, days: [...days] };
  }

  return {
    syncCluster,
    /** Every enabled HPC cluster; one failing is a warning and the others are still read. */
    async syncAll(): Promise<{ clusters: number; rows: number; charged: number; days: string[]; warnings: string[] }> {
      const result = { clusters: 0, rows: 0, charged: 0, days: new Set<string>(), warnings: [] as string[] };
      for (const cluster of await clusters.enabledHpcRows()) {
        try {
          const one = await syncCluster(cluster);
          result.clusters++;
          result.rows += one.rows;
          result.charged += one.charged;
          one.days.forEach((d) => result.days.add(d));
        } catch (error) {
          log(error, `reading the accounting of cluster ${cluster.name}`);
          result.warnings.push(`${cluster.name}: ${(error as Error).message}`);
        }
      }
      return { ...result, days: [...result.days] };
    },
  };
}

export type FeesSync = ReturnType<typeof createFeesSync>;
