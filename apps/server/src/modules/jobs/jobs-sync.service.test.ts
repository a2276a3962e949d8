import { describe, expect, it } from 'vitest';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import { createJobsSync } from './jobs-sync.service';
import type { JobsRepo } from './jobs.repo';

const cluster = { id: 1, name: 'c1', kind: 'hpc', driver: 'slurm' } as ClusterRow;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A scheduler whose job list takes `delay.ms`, and a repo that records what it was given. */
function fixture() {
  const delay = { ms: 0 };
  const upserts: number[] = [];
  const driver = {
    listJobs: async () => {
      await sleep(delay.ms);
      return [] as SchedulerJob[];
    },
    listFinishedJobs: async () => [] as SchedulerJob[],
  };
  const repo = {
    upsert: async (_id: number, looks: readonly SchedulerJob[]) => void upserts.push(looks.length),
    lastUpdate: async () => null,
    earliestEndWithoutCpu: async () => null,
  } as unknown as JobsRepo;
  const clusters = { scheduler: async () => driver } as unknown as ClustersService;
  const sync = createJobsSync({ repo, clusters, stalenessMs: 0, maxWaitMs: 1_000, warmWaitMs: 50 });
  return { sync, delay, upserts };
}

async function timed(work: Promise<void>): Promise<number> {
  const t0 = performance.now();
  await work;
  return performance.now() - t0;
}

describe('jobs sync: how long a list waits for it', () => {
  it('waits for the first sync of the process (up to maxWaitMs), so a fresh start shows the jobs', async () => {
    const { sync, delay, upserts } = fixture();
    delay.ms = 300;
    expect(await timed(sync.ensureFresh([cluster]))).toBeGreaterThanOrEqual(280);
    expect(upserts).toHaveLength(1);
  });

  it('once synced, waits only warmWaitMs: a slow re-read finishes behind the answer', async () => {
    const { sync, delay, upserts } = fixture();
    await sync.ensureFresh([cluster]);
    delay.ms = 600;
    expect(await timed(sync.ensureFresh([cluster]))).toBeLessThan(450);
    expect(upserts).toHaveLength(1); // the second sync is still reading
    await sleep(700);
    expect(upserts).toHaveLength(2);
  });

  it('after a submit or cancel through us (invalidate), waits for the sync again', async () => {
    const { sync, delay } = fixture();
    await sync.ensureFresh([cluster]);
    delay.ms = 300;
    sync.invalidate(cluster.id);
    expect(await timed(sync.ensureFresh([cluster]))).toBeGreaterThanOrEqual(280);
    expect(await timed(sync.ensureFresh([cluster]))).toBeLessThan(250); // and then no longer
  });
});
