import { describe, it, expect } from 'vitest';
import { emptyPlaceholder } from './format';
import { defaultDateFormat, formatDate, formatDuration, relativeTime, toMillis } from './format-time';

// Local-time fixtures built with the local Date constructor, so the tests pass in any time zone.
const local = (...parts: [number, number, number, number?, number?, number?]) =>
  new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0);

describe('toMillis (spec §9: 10-digit timestamps are seconds)', () => {
  it('multiplies a 10-digit number by 1000', () => {
    expect(toMillis(1700000000)).toBe(1700000000000);
    expect(toMillis(9999999999)).toBe(9999999999000);
  });
  it('keeps a 13-digit number as milliseconds', () => {
    expect(toMillis(1700000000123)).toBe(1700000000123);
  });
  it('treats other lengths as milliseconds', () => {
    expect(toMillis(999999999)).toBe(999999999);
    expect(toMillis(0)).toBe(0);
  });
  it('keeps the fraction of 10-digit seconds', () => {
    expect(toMillis(1700000000.5)).toBe(1700000000500);
  });
  it('reads numeric strings the same way', () => {
    expect(toMillis('1700000000')).toBe(1700000000000);
    expect(toMillis(' 1700000000123 ')).toBe(1700000000123);
  });
  it('accepts a Date', () => {
    expect(toMillis(new Date(1700000000123))).toBe(1700000000123);
  });
  it('reads ISO strings with a zone as that zone', () => {
    expect(toMillis('2024-01-02T03:04:05Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(toMillis('2024-01-02T11:04:05+08:00')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
  });
  it('reads zone-less date strings as local time', () => {
    expect(toMillis('2024-01-02 03:04:05')).toBe(local(2024, 1, 2, 3, 4, 5).getTime());
    expect(toMillis('2024-01-02T03:04:05.250')).toBe(local(2024, 1, 2, 3, 4, 5).getTime() + 250);
    expect(toMillis('2024-01-02')).toBe(local(2024, 1, 2).getTime());
  });
  it('gives NaN for empty, invalid and impossible dates', () => {
    for (const value of [null, undefined, '', 'yesterday', '2024-02-30', '2024-01-02 24:00:00', Number.NaN]) {
      expect(toMillis(value)).toBeNaN();
    }
  });
});

describe('formatDate (spec §9: default year-month-day hour:minute:second)', () => {
  it("defaults to 'YYYY-MM-DD HH:mm:ss'", () => {
    expect(defaultDateFormat).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(local(2024, 1, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
  });
  it('takes a pattern of YYYY, MM, DD, HH, mm and ss and copies the rest', () => {
    expect(formatDate(local(2024, 12, 31, 23, 59, 58), 'DD/MM/YYYY HH时mm分ss秒')).toBe('31/12/2024 23时59分58秒');
  });
  it('formats 10-digit second timestamps', () => {
    const seconds = local(2024, 6, 7, 8, 9, 10).getTime() / 1000;
    expect(formatDate(seconds)).toBe('2024-06-07 08:09:10');
  });
  it('shows the placeholder for missing or invalid input', () => {
    expect(formatDate(undefined)).toBe(emptyPlaceholder);
    expect(formatDate('not a date')).toBe(emptyPlaceholder);
  });
});

describe('relativeTime, classic reading (spec §9)', () => {
  const now = local(2024, 6, 20, 12, 0, 0).getTime(); // mid-June: no DST change within 3 days anywhere
  const ago = (seconds: number) => relativeTime(now - seconds * 1000, { now });

  it('says 刚刚 at 29 s', () => expect(ago(29)).toBe('刚刚'));
  it('says 1分钟前 at 30 s', () => expect(ago(30)).toBe('1分钟前'));
  it('says 59分钟前 at 59 min', () => expect(ago(59 * 60 + 59)).toBe('59分钟前'));
  it('says 1小时前 at 60 min', () => expect(ago(3600)).toBe('1小时前'));
  it('says 23小时前 at 23 h', () => expect(ago(23 * 3600 + 3599)).toBe('23小时前'));
  it('says 1天前 at 24 h', () => expect(ago(24 * 3600)).toBe('1天前'));
  it('says 1天前 at 47 h', () => expect(ago(47 * 3600 + 3599)).toBe('1天前'));
  it("shows the date as 'YYYY-MM-DD HH:mm' from 48 h", () => expect(ago(48 * 3600)).toBe('2024-06-18 12:00'));
  it('takes another date pattern', () => {
    expect(relativeTime(now - 72 * 3600 * 1000, { now, dateFormat: 'YYYY-MM-DD' })).toBe('2024-06-17');
  });
  it('counts a future time as now', () => expect(ago(-120)).toBe('刚刚'));
  it('reads 10-digit seconds and a Date for now', () => {
    expect(relativeTime(Math.floor(now / 1000) - 7200, { now: new Date(now) })).toBe('2小时前');
  });
  it('shows the placeholder for invalid input', () => expect(relativeTime('nope', { now })).toBe(emptyPlaceholder));
});

describe('relativeTime, plural reading (spec §9)', () => {
  const now = local(2024, 6, 20, 12, 0, 0).getTime(); // mid-June: no DST change within 3 days anywhere
  const ago = (seconds: number) => relativeTime(now - seconds * 1000, { now, reading: 'plural' });

  it('says 0 minutes ago at 59 s', () => expect(ago(59)).toBe('0 minutes ago'));
  it('says 1 minute ago at 60 s', () => expect(ago(60)).toBe('1 minute ago'));
  it('says 59 minutes ago at 59 min', () => expect(ago(59 * 60 + 59)).toBe('59 minutes ago'));
  it('says 1 hour ago at 60 min', () => expect(ago(3600)).toBe('1 hour ago'));
  it('says 23 hours ago at 23 h', () => expect(ago(23 * 3600 + 3599)).toBe('23 hours ago'));
  it('says 1 day ago at 24 h', () => expect(ago(24 * 3600)).toBe('1 day ago'));
  it('says 1 day ago at 47 h', () => expect(ago(47 * 3600 + 3599)).toBe('1 day ago'));
  it('says 2 days ago at 48 h', () => expect(ago(48 * 3600)).toBe('2 days ago'));
  it('keeps counting days past a month', () => expect(ago(400 * 86400)).toBe('400 days ago'));
});

describe('formatDuration (spec §9: Chinese units, default 2)', () => {
  it('shows 0 as 0秒', () => expect(formatDuration(0)).toBe('0秒'));
  it('shows 90061 s as 1天1小时 with the default 2 units', () => expect(formatDuration(90061)).toBe('1天1小时'));
  it('shows 90061 s as 1天1小时1分钟 with 3 units', () => expect(formatDuration(90061, { units: 3 })).toBe('1天1小时1分钟'));
  it('shows all four units with 4', () => expect(formatDuration(90061, { units: 4 })).toBe('1天1小时1分钟1秒'));
  it('starts at the largest non-zero unit', () => {
    expect(formatDuration(59)).toBe('59秒');
    expect(formatDuration(61)).toBe('1分钟1秒');
    expect(formatDuration(3600)).toBe('1小时');
  });
  it('leaves out zero units inside the window, without reaching past it', () => {
    expect(formatDuration(86401)).toBe('1天');
    expect(formatDuration(86460, { units: 3 })).toBe('1天1分钟');
  });
  it('shows 1 unit when asked for 1 or fewer', () => {
    expect(formatDuration(90061, { units: 1 })).toBe('1天');
    expect(formatDuration(90061, { units: 0 })).toBe('1天');
  });
  it('drops fractions of a second', () => {
    expect(formatDuration(59.9)).toBe('59秒');
    expect(formatDuration(0.5)).toBe('0秒');
  });
  it('puts a minus before negative durations', () => expect(formatDuration(-3661)).toBe('-1小时1分钟'));
  it('shows the placeholder for non-finite input', () => expect(formatDuration(Number.NaN)).toBe(emptyPlaceholder));
});
