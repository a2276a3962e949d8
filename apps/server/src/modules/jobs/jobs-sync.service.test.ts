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

describe('jobs sync: jobs in neither the controller nor accounting (accounting lag)', () => {
  it('keeps their state for lostAfterMs, then marks them UNKNOWN; one accounting answer settles them', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const lost: string[][] = [];
    const recorded: SchedulerJob[][] = [];
    const vanished = { found: [] as SchedulerJob[], unknown: ['7'] };
    const driver = {
      listJobs: async () => [] as SchedulerJob[],
      listFinishedJobs: async () => [] as SchedulerJob[],
      vanishedJobs: async (_who: unknown, ids: readonly string[]) => ({ found: vanished.found, unknown: vanished.unknown.filter((id) => ids.includes(id)) }),
    };
    const repo = {
      upsert: async (_id: number, looks: readonly SchedulerJob[]) => void recorded.push([...looks]),
      lastUpdate: async () => null,
      earliestEndWithoutCpu: async () => null,
      unsettledJobIds: async () => ['7'],
      markLost: async (_id: number, ids: readonly string[]) => void lost.push([...ids]),
    } as unknown as JobsRepo;
    const clusters = { scheduler: async () => driver } as unknown as ClustersService;
    const sync = createJobsSync({ repo, clusters, now: () => new Date(clock), stalenessMs: 0, settleAfterGapMs: 10_000, lostAfterMs: 600_000 });
    await sync.ensureFresh([cluster]); // the first sync settles: 7 is in neither, noticed now
    expect(lost).toEqual([[]]);
    clock += 300_000;
    await sync.ensureFresh([cluster]);
    expect(lost.at(-1)).toEqual([]); // 5 minutes: still waiting for accounting
    clock += 300_000;
    await sync.ensureFresh([cluster]);
    expect(lost.at(-1)).toEqual(['7']); // 10 minutes: UNKNOWN, not RUNNING for ever
    vanished.found = [{ jobId: '7', state: 'COMPLETED', stdoutPath: '/x', stderrPath: '/x' } as SchedulerJob];
    vanished.unknown = [];
    clock += 60_000;
    await sync.ensureFresh([cluster]);
    expect(recorded.at(-1)).toEqual([expect.objectContaining({ jobId: '7', state: 'COMPLETED', stdoutPath: '', stderrPath: '' })]);
  });
});

describe('jobs sync: an outage is logged once', () => {
  it('logs the first failure, counts the others and logs the recovery with the count', async () => {
    const failing = { on: true };
    const driver = {
      listJobs: async () => {
        if (failing.on) throw new Error('slurmrestd unreachable');
        return [] as SchedulerJob[];
      },
      listFinishedJobs: async () => [] as SchedulerJob[],
    };
    const repo = { upsert: async () => undefined, lastUpdate: async () => null, earliestEndWithoutCpu: async () => null } as unknown as JobsRepo;
    const clusters = { scheduler: async () => driver } as unknown as ClustersService;
    const logged: string[] = [];
    const notices: string[] = [];
    const sync = createJobsSync({ repo, clusters, stalenessMs: 0, log: (_e, context) => void logged.push(context), notice: (m) => void notices.push(m) });
    for (let i = 0; i < 5; i++) await sync.ensureFresh([cluster]);
    expect(logged).toHaveLength(1);
    expect(sync.outages([cluster])).toEqual([{ cluster: 'c1', reason: 'slurmrestd unreachable', since: expect.any(String) }]);
    failing.on = false;
    await sync.ensureFresh([cluster]);
    await sync.ensureFresh([cluster]);
    expect(logged).toHaveLength(1);
    expect(notices).toEqual([expect.stringMatching(/^syncing the jobs of cluster c1 works again after \d+ s \(5 failed attempts\)$/)]);
    expect(sync.outages([cluster])).toEqual([]);
  });
});
