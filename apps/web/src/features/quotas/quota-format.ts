import dayjs, { type Dayjs } from 'dayjs';
import { coreSecondsPerHour, type QuotaLimitsInput } from '@starlight/contract/quotas';
import { isApiError } from '../../lib/api-error';
import { formatCoreHours } from '../../lib/format';

/** What the limit forms hold: CPU time in 核时 (hours), the expiry as a date; empty = no limit. */
export interface LimitFormValues {
  max_cpus?: number | null;
  max_time_minutes?: number | null;
  cpu_hours?: number | null;
  expires_at?: Dayjs | null;
}

const emptyToNull = (value: number | null | undefined): number | null => (value === undefined || value === null ? null : value);

/** Form → the contract's limits (every field sent: an emptied field clears the limit). */
export function limitsFromForm(values: LimitFormValues): Required<QuotaLimitsInput> {
  const hours = emptyToNull(values.cpu_hours);
  return {
    max_cpus: emptyToNull(values.max_cpus),
    max_time_minutes: emptyToNull(values.max_time_minutes),
    cpu_seconds_limit: hours === null ? null : Math.round(hours * coreSecondsPerHour),
    expires_at: values.expires_at ? values.expires_at.toISOString() : null,
  };
}

export function limitsToForm(record: { max_cpus?: number | null; max_time_minutes?: number | null; cpu_seconds_limit: number | null; expires_at: string | null }): LimitFormValues {
  return {
    max_cpus: record.max_cpus ?? null,
    max_time_minutes: record.max_time_minutes ?? null,
    cpu_hours: record.cpu_seconds_limit === null ? null : record.cpu_seconds_limit / coreSecondsPerHour,
    expires_at: record.expires_at ? dayjs(record.expires_at) : null,
  };
}

/** The server names `body.cpu_seconds_limit`; the form shows hours. */
const formField: Record<string, keyof LimitFormValues | 'allowed' | 'group_id' | 'partition_id'> = {
  max_cpus: 'max_cpus',
  max_time_minutes: 'max_time_minutes',
  cpu_seconds_limit: 'cpu_hours',
  expires_at: 'expires_at',
  allowed: 'allowed',
  group_id: 'group_id',
  partition_id: 'partition_id',
};

/** A 1400's field errors as antd `setFields` entries (those the form has). */
export function formErrorsOf(error: unknown): { name: string; errors: string[] }[] {
  if (!isApiError(error) || error.code !== 1400) return [];
  const fields = (error.spec as { fields?: { path: string; message: string }[] } | null)?.fields ?? [];
  return fields.flatMap((f) => {
    const name = formField[f.path.replace(/^body\./, '')];
    return name ? [{ name, errors: [f.message] }] : [];
  });
}

/** 核时 of core-seconds; null shows the caller's "no limit" text. */
export const coreHoursOrNull = (seconds: number | null): string | null => (seconds === null ? null : formatCoreHours(seconds));

/** Percent of a limit used (0–100), null without a limit. */
export function usedPercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit === 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}
