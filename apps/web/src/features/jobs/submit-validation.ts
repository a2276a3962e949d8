import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { Code } from '@starlight/contract/codes';
import { jobSubmitInputSchema, type JobSubmitInput } from '@starlight/contract/jobs';
import { isApiError } from '../../lib/api-error';

export const jobSubmitFields = ['cluster', 'partition', 'name', 'script', 'cpus', 'time_limit_minutes', 'working_directory'] as const;
export type JobSubmitField = (typeof jobSubmitFields)[number];

/** The form's values: antd hands empty inputs over as undefined, null or ''. */
export type JobSubmitValues = Partial<Record<JobSubmitField, string | number | null | undefined>>;

export const defaultScript = '#!/bin/bash\n\n';

/** Form values → the request: empty optional fields left out, text trimmed where the shell would not care. */
export function toSubmitInput(values: JobSubmitValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of jobSubmitFields) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    input[field] = typeof value === 'string' && field !== 'script' ? value.trim() : value;
  }
  return input;
}

const knownMessages: Record<string, string> = {
  'letters, digits, _ . - (not first), at most 64': 'validation.schedulerName',
  'no control characters': 'validation.noControl',
  'no NUL bytes': 'validation.noControl',
};

/** A zod issue of the contract schema in the reader's language. */
export function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  const known = knownMessages[issue.message];
  if (known) return t(`jobs:${known}`);
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' && Number(issue.minimum) <= 1) return t('jobs:validation.required');
    if (issue.origin === 'number') return t('jobs:validation.min', { min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return t('jobs:validation.maxLength', { max: Number(issue.maximum) });
    if (issue.origin === 'number') return t('jobs:validation.max', { max: Number(issue.maximum) });
  }
  if (issue.code === 'invalid_type') return issue.input === undefined ? t('jobs:validation.required') : t('jobs:validation.number');
  return issue.message;
}

export interface FieldProblem {
  name: JobSubmitField;
  errors: string[];
}

/**
 * Runs the contract's jobSubmitInputSchema on the form values, plus the chosen partition's time
 * limit (the server checks it too): one message per field, in the reader's language.
 */
export function validateSubmit(values: JobSubmitValues, t: TFunction, maxTimeMinutes?: number | null): { input?: JobSubmitInput; problems: FieldProblem[] } {
  const result = jobSubmitInputSchema.safeParse(toSubmitInput(values));
  const problems = new Map<JobSubmitField, string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as JobSubmitField;
      if ((jobSubmitFields as readonly string[]).includes(field) && !problems.has(field)) problems.set(field, issueText(issue, t));
    }
  }
  const limit = typeof values.time_limit_minutes === 'number' ? values.time_limit_minutes : undefined;
  if (limit !== undefined && maxTimeMinutes && limit > maxTimeMinutes && !problems.has('time_limit_minutes'))
    problems.set('time_limit_minutes', t('jobs:validation.overPartition', { max: maxTimeMinutes }));
  const list = [...problems].map(([name, message]) => ({ name, errors: [message] }));
  return list.length === 0 && result.success ? { input: result.data, problems: [] } : { problems: list };
}

const serverFieldNames: Record<string, JobSubmitField> = { timeLimitMinutes: 'time_limit_minutes', workingDirectory: 'working_directory' };
const asField = (raw: string): JobSubmitField | undefined => {
  const name = serverFieldNames[raw] ?? raw.replace(/^body\./, '');
  return (jobSubmitFields as readonly string[]).includes(name) ? (name as JobSubmitField) : undefined;
};

/**
 * A 1400 from the server, on the fields it names: `spec.fields[{ path: 'body.x', message }]`
 * (schema and partition checks) or `spec.field` with the text in `info` (the scheduler's own checks).
 * Undefined when the refusal names no field of the form.
 */
export function serverFieldProblems(error: unknown): FieldProblem[] | undefined {
  if (!isApiError(error) || error.code !== Code.invalidInput) return undefined;
  const spec = (error.spec ?? {}) as { fields?: { path: string; message: string }[]; field?: string };
  const named = (spec.fields ?? []).flatMap((f) => {
    const name = asField(f.path);
    return name ? [{ name, errors: [f.message] }] : [];
  });
  if (spec.field) {
    const name = asField(spec.field);
    if (name) named.push({ name, errors: [error.info] });
  }
  return named.length > 0 ? named : undefined;
}
