import { isFinishedJobState, jobStates, type ListJobsFilter } from '../interface';
import type { LocalJobRecord, LocalJobStore } from './job-store';

export const activeJobStates = jobStates.filter((state) => !isFinishedJobState(state));

/** Active jobs plus those finished in the last `finishedVisibleMinutes`; with `since`, every job changed since. */
export async function listLocalJobs(
  store: LocalJobStore,
  { since, users, jobIds }: ListJobsFilter,
  finishedVisibleMinutes: number,
): Promise<LocalJobRecord[]> {
  const base = { accounts: users, jobIds: jobIds?.map(Number) };
  if (since) return store.list({ ...base, updatedSince: since });
  const [active, recent] = await Promise.all([
    store.list({ ...base, states: activeJobStates }),
    store.list({ ...base, endedSince: new Date(Date.now() - finishedVisibleMinutes * 60_000) }),
  ]);
  const activeIds = new Set(active.map((job) => job.jobId));
  return [...active, ...recent.filter((job) => !activeIds.has(job.jobId))].sort((a, b) => a.jobId - b.jobId);
}
