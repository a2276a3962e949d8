import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-error';
import { defaultScript, serverFieldProblems, toSubmitInput, validateSubmit } from '../submit-validation';

const t = i18n.t.bind(i18n);
const valid = { cluster: 'local', partition: 'local', name: 'hello', script: `${defaultScript}echo hi`, cpus: 2 };
const problemOf = (values: Record<string, unknown>, field: string, max?: number) =>
  validateSubmit(values, t, max).problems.find((p) => p.name === field)?.errors[0];

describe('submit form validation (contract jobSubmitInputSchema)', () => {
  it('accepts a plain job and leaves empty optional fields out', () => {
    const { input, problems } = validateSubmit({ ...valid, time_limit_minutes: null, working_directory: '' }, t);
    expect(problems).toEqual([]);
    expect(input).toEqual({ cluster: 'local', partition: 'local', name: 'hello', script: `${defaultScript}echo hi`, cpus: 2 });
  });

  it('requires a partition and a script', () => {
    expect(problemOf({ ...valid, partition: undefined }, 'partition')).toBe('Required');
    expect(problemOf({ ...valid, script: '' }, 'script')).toBe('Required');
  });

  it('refuses zero CPUs and fractions', () => {
    expect(problemOf({ ...valid, cpus: 0 }, 'cpus')).toBe('At least 1');
    expect(problemOf({ ...valid, cpus: 1.5 }, 'cpus')).toBeDefined();
  });

  it('refuses a partition name that could be an option', () => {
    expect(problemOf({ ...valid, partition: '-p' }, 'partition')).toBe('Letters, digits, _ . - (not first), at most 64');
  });

  it('refuses control characters in the name and working directory', () => {
    expect(problemOf({ ...valid, name: 'a\nb' }, 'name')).toBe('No control characters');
    expect(problemOf({ ...valid, working_directory: 'x\u0007' }, 'working_directory')).toBe('No control characters');
  });

  it('refuses a time limit over the chosen partition', () => {
    expect(problemOf({ ...valid, time_limit_minutes: 120 }, 'time_limit_minutes', 60)).toBe("Over the partition's limit of 60 minutes");
    expect(problemOf({ ...valid, time_limit_minutes: 60 }, 'time_limit_minutes', 60)).toBeUndefined();
  });

  it('keeps the script as typed (no trimming) and trims the other text fields', () => {
    expect(toSubmitInput({ name: ' x ', script: ' echo \n' })).toEqual({ name: 'x', script: ' echo \n' });
  });
});

describe('server refusals land on fields (1400 spec.fields)', () => {
  it('maps body.<field> paths', () => {
    const error = new ApiError({ code: 1400, info: 'x', spec: { fields: [{ path: 'body.time_limit_minutes', message: "the time limit is over partition local's 10080 minutes" }] } });
    expect(serverFieldProblems(error)).toEqual([{ name: 'time_limit_minutes', errors: ["the time limit is over partition local's 10080 minutes"] }]);
  });

  it("maps the scheduler's own field names with the info text", () => {
    const error = new ApiError({ code: 1400, info: 'working directory /etc is outside the account\'s home', spec: { field: 'workingDirectory' } });
    expect(serverFieldProblems(error)).toEqual([{ name: 'working_directory', errors: ["working directory /etc is outside the account's home"] }]);
  });

  it('leaves other codes to the api client', () => {
    expect(serverFieldProblems(new ApiError({ code: 1403, info: 'permission denied' }))).toBeUndefined();
  });
});
