import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';

/**
 * A scheduler failure as a value: a contract code (1400 bad input, 1403 refused, 1404 unknown job,
 * 1502 scheduler unreachable or failing) and an `info` a user can act on. It is an AppError, so the
 * error handler sends it as an envelope without a service having to translate it.
 */
export class SchedulerError extends AppError {
  constructor(code: number, info: string, spec: unknown = null) {
    super(code, info, spec);
    this.name = 'SchedulerError';
  }
}

export const invalidInput = (info: string, spec: unknown = null): SchedulerError =>
  new SchedulerError(Code.invalidInput, info, spec);
export const forbidden = (info: string): SchedulerError => new SchedulerError(Code.forbidden, info);
export const jobNotFound = (jobId: string): SchedulerError =>
  new SchedulerError(Code.notFound, `job ${jobId} not found`);
export const upstreamDown = (info: string): SchedulerError => new SchedulerError(Code.upstreamDown, info);
export const conflict = (info: string): SchedulerError => new SchedulerError(Code.conflict, info);
