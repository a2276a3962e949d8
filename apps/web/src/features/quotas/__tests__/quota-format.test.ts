import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { formErrorsOf, limitsFromForm, limitsToForm, usedPercent } from '../quota-format';

describe('quota form values', () => {
  it('sends 核时 as core-seconds and empty fields as null (no limit)', () => {
    expect(limitsFromForm({ max_cpus: 4, cpu_hours: 1.5, expires_at: dayjs('2030-01-02T03:04:05Z') })).toEqual({
      max_cpus: 4,
      max_time_minutes: null,
      cpu_seconds_limit: 5400,
      expires_at: '2030-01-02T03:04:05.000Z',
    });
  });

  it('reads a record back into the form', () => {
    const form = limitsToForm({ max_cpus: null, max_time_minutes: 30, cpu_seconds_limit: 7200, expires_at: null });
    expect(form).toEqual({ max_cpus: null, max_time_minutes: 30, cpu_hours: 2, expires_at: null });
  });

  it("puts the server's field errors on the form's fields (core-seconds on the hours field)", () => {
    const error = new ApiError({
      code: 1400,
      info: 'bad',
      spec: { fields: [{ path: 'body.cpu_seconds_limit', message: 'too much' }, { path: 'body.max_cpus', message: 'at most 2' }, { path: 'params.user', message: 'x' }] },
    });
    expect(formErrorsOf(error)).toEqual([
      { name: 'cpu_hours', errors: ['too much'] },
      { name: 'max_cpus', errors: ['at most 2'] },
    ]);
    expect(formErrorsOf(new ApiError({ code: 1403, info: 'no' }))).toEqual([]);
  });

  it('computes the used share of a limit', () => {
    expect(usedPercent(1800, 3600)).toBe(50);
    expect(usedPercent(9000, 3600)).toBe(100);
    expect(usedPercent(0, 0)).toBe(100);
    expect(usedPercent(10, null)).toBeNull();
  });
});
