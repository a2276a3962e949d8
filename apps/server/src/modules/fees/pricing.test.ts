import { describe, expect, it } from 'vitest';
import { mapAccountingJob } from '../../drivers/scheduler/slurm/map-jobs';
import { costOf, periodsOverlap, pickPrice, specificity, usageOf, type ChargeTarget, type PriceRow } from './pricing';

/* Issue 12 "Price tables": the most specific item wins, validity periods, minimum charge and rounding, GPU- and node-hours. */
const t0 = new Date('2026-03-01T00:00:00Z');
const at = new Date('2026-03-15T12:00:00Z');
let nextId = 1;
const price = (over: Partial<PriceRow>): PriceRow => ({
  id: nextId++,
  clusterName: 'hpc',
  partition: 'cpu',
  qos: null,
  groupId: null,
  communityId: null,
  coreHourPrice: 100,
  gpuHourPrice: 0,
  nodeHourPrice: 0,
  validFrom: t0,
  validTo: null,
  createdAt: t0,
  ...over,
});
const target: ChargeTarget = { clusterName: 'hpc', partition: 'cpu', qos: 'high', groupId: 7, communityId: 3, at };
const none = { minimumCharge: 0, roundingUnit: 1 };

describe('the most specific price wins', () => {
  const base = price({ coreHourPrice: 100 });
  const community = price({ communityId: 3, coreHourPrice: 90 });
  const group = price({ groupId: 7, coreHourPrice: 80 });
  const qos = price({ qos: 'high', coreHourPrice: 300 });
  const qosGroup = price({ qos: 'high', groupId: 7, coreHourPrice: 250 });

  it('cluster.partition.qos over cluster.partition, group over community over the default', () => {
    expect(pickPrice([base], target)).toBe(base);
    expect(pickPrice([base, community], target)).toBe(community);
    expect(pickPrice([group, base, community], target)).toBe(group);
    expect(pickPrice([base, community, group, qos], target)).toBe(qos);
    expect(pickPrice([qosGroup, base, community, group, qos], target)).toBe(qosGroup);
    // order of the list does not matter
    expect(pickPrice([qos, group, community, base].reverse(), target)).toBe(qos);
  });

  it('ignores items for another partition, cluster, QoS, group or community', () => {
    const others = [
      price({ partition: 'gpu', coreHourPrice: 1 }),
      price({ clusterName: 'other', coreHourPrice: 1 }),
      price({ qos: 'low', coreHourPrice: 1 }),
      price({ groupId: 8, coreHourPrice: 1 }),
      price({ communityId: 4, coreHourPrice: 1 }),
    ];
    for (const other of others) expect(specificity(other, target)).toBe(-1);
    expect(pickPrice([...others, base], target)).toBe(base);
    expect(pickPrice(others, target)).toBeNull();
    // a group price of another group does not apply to a user without a group either
    expect(pickPrice([group, base], { ...target, groupId: null, communityId: null })).toBe(base);
  });

  it('charges at the price valid at the job’s end: a later change does not rewrite history', () => {
    const old = price({ coreHourPrice: 100, validTo: new Date('2026-04-01T00:00:00Z') });
    const newer = price({ coreHourPrice: 500, validFrom: new Date('2026-04-01T00:00:00Z') });
    expect(pickPrice([old, newer], target)).toBe(old);
    expect(pickPrice([old, newer], { ...target, at: new Date('2026-04-01T00:00:00Z') })).toBe(newer);
    expect(pickPrice([newer], target)).toBeNull(); // not valid yet
    // ties of equal specificity go to the newest item
    const again = price({ coreHourPrice: 120 });
    expect(pickPrice([base, again], target)).toBe(again);
  });

  it('tells overlapping periods apart from adjacent ones', () => {
    const march = { from: t0, to: new Date('2026-04-01T00:00:00Z') };
    expect(periodsOverlap(march, { from: new Date('2026-04-01T00:00:00Z'), to: null })).toBe(false);
    expect(periodsOverlap(march, { from: new Date('2026-03-31T00:00:00Z'), to: null })).toBe(true);
    expect(periodsOverlap({ from: t0, to: null }, { from: new Date('2020-01-01T00:00:00Z'), to: t0 })).toBe(false);
    expect(periodsOverlap({ from: t0, to: null }, { from: new Date('2030-01-01T00:00:00Z'), to: null })).toBe(true);
  });
});

describe('the charge', () => {
  it('applies the minimum charge and rounds up to the rounding unit', () => {
    const p = price({ coreHourPrice: 360 }); // 0.1 fen a core-second
    expect(costOf(p, { coreSeconds: 25, gpuSeconds: 0, nodeSeconds: 0 }, none)).toBe(3); // 2.5 → 3
    expect(costOf(p, { coreSeconds: 30, gpuSeconds: 0, nodeSeconds: 0 }, none)).toBe(3); // float noise is not a unit
    expect(costOf(p, { coreSeconds: 25, gpuSeconds: 0, nodeSeconds: 0 }, { minimumCharge: 0, roundingUnit: 10 })).toBe(10);
    expect(costOf(p, { coreSeconds: 1010, gpuSeconds: 0, nodeSeconds: 0 }, { minimumCharge: 0, roundingUnit: 10 })).toBe(110);
    expect(costOf(p, { coreSeconds: 25, gpuSeconds: 0, nodeSeconds: 0 }, { minimumCharge: 50, roundingUnit: 1 })).toBe(50);
    expect(costOf(p, { coreSeconds: 36000, gpuSeconds: 0, nodeSeconds: 0 }, { minimumCharge: 50, roundingUnit: 1 })).toBe(3600);
    // nothing used or nothing priced costs nothing, minimum or not
    expect(costOf(p, { coreSeconds: 0, gpuSeconds: 0, nodeSeconds: 0 }, { minimumCharge: 50, roundingUnit: 1 })).toBe(0);
    expect(costOf(null, { coreSeconds: 3600, gpuSeconds: 0, nodeSeconds: 0 }, { minimumCharge: 50, roundingUnit: 1 })).toBe(0);
  });

  it('charges GPU-hours and node-hours by their own prices', () => {
    const gpu = price({ coreHourPrice: 100, gpuHourPrice: 1000 });
    expect(costOf(gpu, { coreSeconds: 4 * 3600, gpuSeconds: 2 * 3600, nodeSeconds: 0 }, none)).toBe(400 + 2000);
    const exclusive = price({ coreHourPrice: 0, nodeHourPrice: 5000 });
    expect(costOf(exclusive, { coreSeconds: 64 * 1800, gpuSeconds: 0, nodeSeconds: 2 * 1800 }, none)).toBe(5000);
  });

  it('reads GPU- and node-seconds from a Slurm accounting record', () => {
    const job = mapAccountingJob({
      job_id: 41,
      state: { current: 'COMPLETED' },
      partition: 'gpu',
      nodes: 'gpu[01-02]',
      time: { start: 1_770_000_000, end: 1_770_001_800, elapsed: 1800, submission: 1_770_000_000 },
      tres: {
        allocated: [
          { type: 'cpu', count: 8 },
          { type: 'gres', name: 'gpu', count: 4 },
          { type: 'gres', name: 'gpu:a100', count: 0 },
          { type: 'node', count: 2 },
        ],
      },
    });
    const usage = usageOf(job);
    expect(usage).toEqual({ coreSeconds: 8 * 1800, gpuSeconds: 4 * 1800, nodeSeconds: 2 * 1800 });
    const p = price({ partition: 'gpu', coreHourPrice: 100, gpuHourPrice: 2000, nodeHourPrice: 300 });
    // 4 core-hours × 100 + 2 GPU-hours × 2000 + 1 node-hour × 300
    expect(costOf(p, usage, none)).toBe(400 + 4000 + 300);
  });

  it('counts a local job’s cores × elapsed when the scheduler gives no core-seconds', () => {
    const start = new Date('2026-03-01T00:00:00Z');
    expect(usageOf({ startTime: start, endTime: new Date(start.getTime() + 90_000), coreSeconds: null, cpus: 2, gpus: 0, nodes: [] })).toEqual({ coreSeconds: 180, gpuSeconds: 0, nodeSeconds: 90 });
    expect(usageOf({ startTime: null, endTime: start, coreSeconds: null, cpus: 2, gpus: 1, nodes: [] })).toEqual({ coreSeconds: 0, gpuSeconds: 0, nodeSeconds: 0 });
  });
});
