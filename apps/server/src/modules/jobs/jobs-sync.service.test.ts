import { describe, expect, it } from 'vitest';
import { Code } from '@starlight/contract/codes';
import type { ListJobsFilter, SchedulerJob } from '../../drivers/scheduler/interface';
import { AppError } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import { createJobsSync } from './jobs-sync.service';
import type { JobsRepo } from './jobs.repo';

const cluster = { id: 1, name: 'c1', kind: 'hpc', driver: 'slurm' } as ClusterRow;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const current = { jobId: '7', name: 'held', state: 'PENDING' } as SchedulerJob;
/** slurmdbd's answer to a window without jobs (error 9003), as the Slurm driver throws it. */
const nothingFound = () => new AppError(Code.notFound, 'Slurm: Nothing found with query: Nothing found');

/**
 * A scheduler whose job list takes `delay.ms` (and says what it was asked), an accounting that may fail,
 * and a repo that records what it was given (and, when told, a finished job without CPU time).
 */
function fixture() {
  const delay = { ms: 0 };
  const upserts: number[] = [];
  const asked: (ListJobsFilter | undefined)[] = [];
  const accounting: { fail: (() => Error) | null } = { fail: null };
  const logged: string[] = [];
  const cpuMissingSince: { at: Date | null } = { at: null };
  const driver = {
    listJobs: async (_who: unknown, filter?: ListJobsFilter) => {
      asked.push(filter);
      await sleep(delay.ms);
      return [current];
    },
    listFinishedJobs: async () => {
      if (accounting.fail) throw accounting.fail();
      return [] as SchedulerJob[];
    },
  };
  const repo = {
    upsert: async (_id: number, looks: readonly SchedulerJob[]) => void upserts.push(looks.length),
    lastUpdate: async () => null,
    earliestEndWithoutCpu: async () => cpuMissingSince.at,
  } as unknown as JobsRepo;
  const clusters = { scheduler: async () => driver } as unknown as ClustersService;
  const log = (error: unknown, context: string) => void logged.push(`${context}: ${String(error)}`);
  const sync = createJobsSync({ repo, clusters, log, stalenessMs: 0, maxWaitMs: 1_000, warmWaitMs: 50 });
  return { sync, delay, upserts, asked, accounting, logged, cpuMissingSince };
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

describe('jobs sync: accounting that has nothing, or fails', () => {
  it("records the current jobs on a first sync when accounting's window is empty (slurmdbd's 'Nothing found')", async () => {
    const { sync, upserts, asked, accounting, logged } = fixture();
    accounting.fail = nothingFound;
    await sync.ensureFresh([cluster]);
    expect(upserts[0]).toBe(1);
    expect(logged).toEqual([]);
    await sync.ensureFresh([cluster]);
    expect(asked[1]?.since).toBeInstanceOf(Date); // the next sync asks only for changes
  });

  it('keeps syncing incrementally when reading CPU times from accounting fails', async () => {
    const { sync, asked, accounting, logged, cpuMissingSince } = fixture();
    cpuMissingSince.at = new Date(Date.now() - 60_000); // a finished job waits for its CPU time
    let calls = 0;
    accounting.fail = () => (++calls > 1 ? new Error('slurmdbd down') : nothingFound()); // history empty, then CPU backfill fails
    await sync.ensureFresh([cluster]);
    expect(logged).toEqual([expect.stringContaining('reading the CPU times of cluster c1: Error: slurmdbd down')]);
    await sync.ensureFresh([cluster]);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.since).toBeInstanceOf(Date); // not a full read again
  });
});
