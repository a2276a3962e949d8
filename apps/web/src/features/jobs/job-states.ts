import type { Job, JobState } from '@starlight/contract/jobs';

/** States a job may still leave on its own: lists and details showing one refresh themselves. */
export const activeJobStates: readonly JobState[] = ['PENDING', 'RUNNING', 'COMPLETING'];
/** States the scheduler can still cancel. */
export const cancellableJobStates: readonly JobState[] = ['PENDING', 'RUNNING', 'SUSPENDED'];

export const isActiveJob = (job: Pick<Job, 'state'>): boolean => activeJobStates.includes(job.state);
export const isCancellableJob = (job: Pick<Job, 'state'>): boolean => cancellableJobStates.includes(job.state);

/** antd Tag colours (preset names): waiting gold, running blue, done green, failures red, stopped grey. */
export const jobStateColors: Record<JobState, string> = {
  PENDING: 'gold',
  RUNNING: 'processing',
  SUSPENDED: 'purple',
  COMPLETING: 'cyan',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
  TIMEOUT: 'volcano',
  NODE_FAIL: 'error',
  OUT_OF_MEMORY: 'magenta',
  PREEMPTED: 'purple',
  BOOT_FAIL: 'error',
  DEADLINE: 'volcano',
  UNKNOWN: 'default',
};
