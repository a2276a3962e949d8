import {
  jobIdPattern,
  schedulerNamePattern,
  submitJobInputSchema,
  type ListJobsFilter,
  type SchedulerIdentity,
  type SubmitJobInput,
  type ValidSubmitJobInput,
} from './interface';
import { invalidInput } from './scheduler-error';

/*
 * Every driver call validates its arguments here first, so a bad name fails with 1400 before any
 * file is touched, process started or request sent.
 */

export function assertSchedulerName(what: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 64 || !schedulerNamePattern.test(value))
    throw invalidInput(`invalid ${what} name: letters, digits, _ . - (not first), at most 64`, { field: what });
  return value;
}

export function assertJobId(value: unknown): string {
  if (typeof value !== 'string' || !jobIdPattern.test(value))
    throw invalidInput('invalid job id: digits only', { field: 'jobId' });
  return value;
}

export function assertIdentity(identity: SchedulerIdentity): SchedulerIdentity {
  if (identity?.kind === 'admin') return identity;
  if (identity?.kind === 'user') {
    assertSchedulerName('account', identity.account);
    return identity;
  }
  throw invalidInput('invalid scheduler identity');
}

/** The account a user identity acts as; submitting as the admin identity is refused by design. */
export function submittingAccount(identity: SchedulerIdentity): string {
  assertIdentity(identity);
  if (identity.kind !== 'user')
    throw invalidInput('jobs are submitted as a bound system account, never as the admin identity');
  return identity.account;
}

export function parseSubmitInput(input: SubmitJobInput): ValidSubmitJobInput {
  const parsed = submitJobInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const first = fields[0];
  throw invalidInput(first ? `invalid job ${first.field || 'input'}: ${first.message}` : 'invalid job', { fields });
}

export function parseListFilter(filter: ListJobsFilter = {}): ListJobsFilter {
  if (filter.since !== undefined && (!(filter.since instanceof Date) || Number.isNaN(filter.since.getTime())))
    throw invalidInput('invalid since: expected a date', { field: 'since' });
  filter.users?.forEach((user) => assertSchedulerName('account', user));
  filter.jobIds?.forEach(assertJobId);
  return filter;
}

export function assertDate(what: string, value: unknown): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw invalidInput(`invalid ${what}: expected a date`);
  return value;
}
