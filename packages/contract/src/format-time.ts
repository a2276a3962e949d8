import { emptyPlaceholder } from './format';

/**
 * Date, relative-time and duration display helpers of spec §9, in local time, without dayjs
 * (this package imports only zod). Invalid or empty input shows `emptyPlaceholder`.
 */
export type TimeInput = number | string | Date | null | undefined;

export const defaultDateFormat = 'YYYY-MM-DD HH:mm:ss';

/** Spec §9: a 10-digit epoch is seconds (×1000); any other epoch number is milliseconds. */
function fromEpoch(n: number): number {
  if (!Number.isFinite(n)) return Number.NaN;
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
}

// Zone-less 'YYYY-MM-DD[ HH:mm[:ss[.SSS]]]' is local time, as dayjs reads it; Date.parse would read a
// date-only string as UTC and some engines refuse the space separator.
const localDateTime = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** Epoch milliseconds of a timestamp (seconds or ms, number or numeric string), Date or date string; NaN if none. */
export function toMillis(value: TimeInput): number {
  if (value === null || value === undefined) return Number.NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return fromEpoch(value);
  const text = value.trim();
  if (text === '') return Number.NaN;
  if (/^-?\d+(\.\d+)?$/.test(text)) return fromEpoch(Number(text));
  const local = localDateTime.exec(text);
  return local ? fromLocalParts(local) : Date.parse(text);
}

function fromLocalParts(match: RegExpExecArray): number {
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const date = new Date(y, mo - 1, d, h, mi, s, Number((match[7] ?? '0').padEnd(3, '0')));
  // new Date rolls 2024-02-30 over into March; Date.parse would refuse it, so do we.
  const inRange = date.getMonth() === mo - 1 && date.getDate() === d && h < 24 && mi < 60 && s < 60;
  return inRange ? date.getTime() : Number.NaN;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Tokens YYYY MM DD HH mm ss, in local time; everything else is copied. */
export function formatDate(value: TimeInput, pattern: string = defaultDateFormat): string {
  const ms = toMillis(value);
  if (Number.isNaN(ms)) return emptyPlaceholder;
  const d = new Date(ms);
  const tokens: Record<string, string> = {
    YYYY: pad(d.getFullYear(), 4),
    MM: pad(d.getMonth() + 1),
    DD: pad(d.getDate()),
    HH: pad(d.getHours()),
    mm: pad(d.getMinutes()),
    ss: pad(d.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

export interface RelativeTimeOptions {
  /** The moment to measure from; defaults to Date.now(). */
  now?: TimeInput;
  /** 'classic': 刚刚 / N分钟前 / N小时前 / 1天前 / a date. 'plural': 'N minute(s)|hour(s)|day(s) ago'. */
  reading?: 'classic' | 'plural';
  /** Classic reading, 48 hours and older: the date is shown with this pattern. */
  dateFormat?: string;
}

export const relativeDateFormat = 'YYYY-MM-DD HH:mm';

const minute = 60;
const hour = 3600;
const day = 86400;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * Spec §9. Counts are whole units rounded down; a time in the future (clock skew) counts as now.
 * Classic shows at least '1分钟前' from 30 s, so never '0分钟前'.
 */
/** Which bucket of the classic reading a time falls in; callers word it (zh here, i18n in the web). */
export type RelativeBucket =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours'; count: number }
  | { unit: 'dayAgo' }
  | { unit: 'date'; ms: number };

export function classicRelativeBucket(value: TimeInput, now: TimeInput = Date.now()): RelativeBucket | undefined {
  const ms = toMillis(value);
  const nowMs = toMillis(now);
  if (Number.isNaN(ms) || Number.isNaN(nowMs)) return undefined;
  const seconds = Math.max(0, (nowMs - ms) / 1000);
  if (seconds < 30) return { unit: 'justNow' };
  if (seconds < hour) return { unit: 'minutes', count: Math.max(1, Math.floor(seconds / minute)) };
  if (seconds < day) return { unit: 'hours', count: Math.floor(seconds / hour) };
  if (seconds < 2 * day) return { unit: 'dayAgo' };
  return { unit: 'date', ms };
}

export function relativeTime(value: TimeInput, options: RelativeTimeOptions = {}): string {
  const now = options.now === undefined ? Date.now() : options.now;
  if (options.reading === 'plural') {
    const ms = toMillis(value);
    const nowMs = toMillis(now);
    if (Number.isNaN(ms) || Number.isNaN(nowMs)) return emptyPlaceholder;
    const seconds = Math.max(0, (nowMs - ms) / 1000);
    if (seconds < hour) return plural(Math.floor(seconds / minute), 'minute');
    if (seconds < day) return plural(Math.floor(seconds / hour), 'hour');
    return plural(Math.floor(seconds / day), 'day');
  }
  const bucket = classicRelativeBucket(value, now);
  if (!bucket) return emptyPlaceholder;
  switch (bucket.unit) {
    case 'justNow':
      return '刚刚';
    case 'minutes':
      return `${bucket.count}分钟前`;
    case 'hours':
      return `${bucket.count}小时前`;
    case 'dayAgo':
      return '1天前';
    case 'date':
      return formatDate(bucket.ms, options.dateFormat ?? relativeDateFormat);
  }
}

export interface DurationOptions {
  /** How many units to show, counted from the largest non-zero one; defaults to 2 (spec §9). */
  units?: number;
}

const durationUnits = [
  ['天', day],
  ['小时', hour],
  ['分钟', minute],
  ['秒', 1],
] as const;

/**
 * 90061 → '1天1小时' (2 units) or '1天1小时1分钟' (3). The window of `units` starts at the largest
 * non-zero unit and zero units inside it are left out: 86401 → '1天', not '1天1秒'. Fractions of a
 * second are dropped; 0 → '0秒'; negative durations get a leading '-'.
 */
export function formatDuration(seconds: number, { units = 2 }: DurationOptions = {}): string {
  if (!Number.isFinite(seconds)) return emptyPlaceholder;
  let rest = Math.floor(Math.abs(seconds));
  const counts = durationUnits.map(([, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return count;
  });
  const first = counts.findIndex((count) => count > 0);
  if (first === -1) return '0秒';
  const shown = counts
    .slice(first, first + Math.max(1, Math.floor(units)))
    .map((count, i) => (count > 0 ? `${count}${durationUnits[first + i]?.[0]}` : ''))
    .join('');
  return `${seconds < 0 ? '-' : ''}${shown}`;
}
