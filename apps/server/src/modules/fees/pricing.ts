import type { feePrices } from '../../db/schema/fees';
import type { SchedulerJob } from '../../drivers/scheduler/interface';

export type PriceRow = typeof feePrices.$inferSelect;

export interface ChargeTarget {
  clusterName: string;
  partition: string;
  qos: string;
  groupId: number | null;
  communityId: number | null;
  at: Date;
}

/**
 * How specific a price is for a job, or -1 when it does not apply. A QoS match outranks a group or
 * community match, which outranks the default; a group's own price outranks its community's.
 */
export function specificity(price: PriceRow, target: ChargeTarget): number {
  if (price.clusterName !== target.clusterName || price.partition !== target.partition) return -1;
  if (price.validFrom.getTime() > target.at.getTime()) return -1;
  if (price.validTo && price.validTo.getTime() <= target.at.getTime()) return -1;
  if (price.qos !== null && price.qos !== target.qos) return -1;
  if (price.groupId !== null && price.groupId !== target.groupId) return -1;
  if (price.communityId !== null && price.communityId !== target.communityId) return -1;
  return (price.qos !== null ? 4 : 0) + (price.groupId !== null ? 2 : price.communityId !== null ? 1 : 0);
}

/** The most specific price valid at the job's end; ties go to the newest item. */
export function pickPrice(prices: readonly PriceRow[], target: ChargeTarget): PriceRow | null {
  let best: PriceRow | null = null;
  let bestScore = -1;
  for (const price of prices) {
    const score = specificity(price, target);
    if (score > bestScore || (score === bestScore && score >= 0 && best && price.id > best.id)) {
      best = price;
      bestScore = score;
    }
  }
  return best;
}

export interface Usage {
  coreSeconds: number;
  gpuSeconds: number;
  nodeSeconds: number;
}

/**
 * What a finished job used, from the scheduler's own accounting: core-seconds as the scheduler counted
 * them (Slurm: elapsed × allocated cores) or else cores × elapsed, GPU-seconds from its GPU TRES, node-
 * seconds from the nodes it held (at least one).
 */
export function usageOf(job: Pick<SchedulerJob, 'startTime' | 'endTime' | 'coreSeconds' | 'cpus' | 'gpus' | 'nodes'>): Usage {
  const end = job.endTime!;
  const elapsed = job.startTime ? Math.max(0, Math.round((end.getTime() - job.startTime.getTime()) / 1000)) : 0;
  return {
    coreSeconds: Math.round(job.coreSeconds ?? job.cpus * elapsed),
    gpuSeconds: Math.round((job.gpus ?? 0) * elapsed),
    nodeSeconds: Math.max(1, job.nodes.length) * elapsed,
  };
}

/**
 * Fen for a job: per-hour prices × seconds / 3600, rounded up to the rounding unit; a charged job
 * costs at least the minimum charge. Unpriced (no price) costs nothing; a zero-second job nothing.
 */
export function costOf(price: PriceRow | null, usage: Usage, settings: { minimumCharge: number; roundingUnit: number }): number {
  if (!price) return 0;
  const raw = (price.coreHourPrice * usage.coreSeconds + price.gpuHourPrice * usage.gpuSeconds + price.nodeHourPrice * usage.nodeSeconds) / 3600;
  if (raw <= 0) return 0;
  const unit = Math.max(1, settings.roundingUnit);
  // 1e-9 keeps float noise (0.30000000000000004) from rounding a whole unit up
  const rounded = Math.ceil(raw / unit - 1e-9) * unit;
  return Math.max(rounded, settings.minimumCharge);
}

/** Whether two validity periods overlap (null end: open). */
export function periodsOverlap(a: { from: Date; to: Date | null }, b: { from: Date; to: Date | null }): boolean {
  const aEnd = a.to?.getTime() ?? Infinity;
  const bEnd = b.to?.getTime() ?? Infinity;
  return a.from.getTime() < bEnd && b.from.getTime() < aEnd;
}
