import { formatDate, toMillis, type TimeInput } from '@starlight/contract/format-time';
import { i18n } from './i18n';

export { formatDate, toMillis };
export { formatBytes, formatCoreHours, thousands } from '@starlight/contract/format';

const minute = 60;
const hour = 3600;
const day = 86400;

/**
 * The classic reading of spec §9 (刚刚 under 30 s, minutes under an hour, hours under a day,
 * '1 day ago' under 48 hours, then the date) in the reader's language. In zh the words are the
 * contract's `relativeTime` output exactly; here the buckets are the same, the words come from i18n.
 */
export function formatRelativeTime(value: TimeInput, now: number = Date.now()): string {
  const ms = toMillis(value);
  if (Number.isNaN(ms)) return '-';
  const seconds = Math.max(0, (now - ms) / 1000);
  if (seconds < 30) return i18n.t('common:time.justNow');
  if (seconds < hour) return i18n.t('common:time.minutesAgo', { count: Math.max(1, Math.floor(seconds / minute)) });
  if (seconds < day) return i18n.t('common:time.hoursAgo', { count: Math.floor(seconds / hour) });
  if (seconds < 2 * day) return i18n.t('common:time.dayAgo');
  return formatDate(ms, 'YYYY-MM-DD HH:mm');
}
