import type { TFunction } from 'i18next';
import { formatDuration, toMillis } from '@starlight/contract/format-time';
import type { Job } from '@starlight/contract/jobs';

const unitKeys: Record<string, string> = { 天: 'days', 小时: 'hours', 分钟: 'minutes', 秒: 'seconds' };

/**
 * The contract's formatDuration (spec §9: two units from the largest, zeros inside left out), in the
 * reader's language: zh reads exactly as the contract writes it; other languages get their own unit words.
 */
export function localizedDuration(seconds: number | null | undefined, t: TFunction, language: string): string {
  if (seconds === null || seconds === undefined) return '-';
  const text = formatDuration(seconds);
  if (language === 'zh' || text === '-') return text;
  return text.replace(/(\d+)(天|小时|分钟|秒)/g, (_match, count: string, unit: string) => `${t(`jobs:duration.${unitKeys[unit] ?? 'seconds'}`, { count: Number(count) })} `).trim();
}

/** Seconds from start to end, or to now while the job runs; null before it starts. */
export function elapsedSeconds(job: Pick<Job, 'start_time' | 'end_time'>, now: number = Date.now()): number | null {
  const start = toMillis(job.start_time);
  if (Number.isNaN(start)) return null;
  const end = job.end_time ? toMillis(job.end_time) : now;
  return Number.isNaN(end) ? null : Math.max(0, (end - start) / 1000);
}
