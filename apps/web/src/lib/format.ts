import { classicRelativeBucket, formatDate, relativeDateFormat, toMillis, type TimeInput } from '@starlight/contract/format-time';
import { i18n } from './i18n';

export { formatDate, toMillis };
import { formatCoreHours as formatCoreHoursZh, formatCoreHoursWithUnit } from '@starlight/contract/format';
export { formatBytes, thousands } from '@starlight/contract/format';

/** CPU time in the reader's language: spec §9's '12.35 核时' (万, 亿) in Chinese, '12.35 core-hours' in English … */
export function formatCoreHours(seconds: number, decimals?: number): string {
  if (i18n.language === 'zh') return formatCoreHoursZh(seconds, decimals);
  return formatCoreHoursWithUnit(seconds, i18n.t('common:units.coreHours'), decimals);
}

/**
 * The classic reading of spec §9 in the reader's language: the contract decides the bucket
 * (so zh reads exactly as its `relativeTime`), i18n words it.
 */
export function formatRelativeTime(value: TimeInput, now: number = Date.now()): string {
  const bucket = classicRelativeBucket(value, now);
  if (!bucket) return '-';
  switch (bucket.unit) {
    case 'justNow':
      return i18n.t('common:time.justNow');
    case 'minutes':
      return i18n.t('common:time.minutesAgo', { count: bucket.count });
    case 'hours':
      return i18n.t('common:time.hoursAgo', { count: bucket.count });
    case 'dayAgo':
      return i18n.t('common:time.dayAgo');
    case 'date':
      return formatDate(bucket.ms, relativeDateFormat);
  }
}
