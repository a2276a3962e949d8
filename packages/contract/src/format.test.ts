import { describe, it, expect } from 'vitest';
import {
  cpuSecondsToCoreHours,
  defaultDecimals,
  emptyPlaceholder,
  formatBytes,
  formatCoreHours,
  formatCoreHoursWithUnit,
  roundTo,
  shortenNumber,
  thousands,
} from './format';

describe('roundTo', () => {
  it('rounds in decimal, not binary', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(12.345, 2)).toBe(12.35);
  });
  it('rounds halves away from zero for negatives', () => {
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(-2.5, 0)).toBe(-3);
  });
  it('handles numbers written with an exponent', () => {
    expect(roundTo(1e21, 2)).toBe(1e21);
    expect(roundTo(1e-7, 2)).toBe(0);
  });
});

describe('defaults (spec §9)', () => {
  it('uses 2 decimals by default', () => {
    expect(defaultDecimals).toBe(2);
  });
  it('shows the placeholder for non-finite input', () => {
    for (const n of [Number.NaN, Infinity, -Infinity]) {
      expect([formatBytes(n), shortenNumber(n), thousands(n), formatCoreHours(n)]).toEqual(Array(4).fill(emptyPlaceholder));
    }
  });
});

describe('formatBytes (spec §9: sizes scale by 1024)', () => {
  it('shows 0 as 0 B', () => {
    expect(formatBytes(0)).toBe('0 B');
  });
  it('keeps 1023 in bytes and turns 1024 into 1 KiB', () => {
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KiB');
  });
  it('uses at most 2 decimals and drops trailing zeros', () => {
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1234567)).toBe('1.18 MiB');
  });
  it('scales through MiB, GiB, TiB and PiB', () => {
    expect([2, 3, 4, 5].map((power) => formatBytes(1024 ** power))).toEqual(['1 MiB', '1 GiB', '1 TiB', '1 PiB']);
  });
  it('stays in PiB past 1024 PiB', () => {
    expect(formatBytes(2048 * 1024 ** 5)).toBe('2048 PiB');
  });
  it('moves up a unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MiB');
  });
  it('takes the number of decimals', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MiB');
    expect(formatBytes(1234567, 4)).toBe('1.1774 MiB');
  });
  it('keeps the sign of negative sizes', () => {
    expect(formatBytes(-1536)).toBe('-1.5 KiB');
  });
});

describe('cpuSecondsToCoreHours and formatCoreHours (spec §9: 核时, 万, 亿)', () => {
  it('divides core-seconds by 3600', () => {
    expect(cpuSecondsToCoreHours(7200)).toBe(2);
    expect(cpuSecondsToCoreHours(0)).toBe(0);
  });
  it('shows hours below 10^4 with 2 decimals', () => {
    expect(formatCoreHours(44460)).toBe('12.35 核时');
    expect(formatCoreHours(0)).toBe('0.00 核时');
  });
  it('keeps 9999 hours in 核时 and turns 10^4 hours into 万', () => {
    expect(formatCoreHours(9999 * 3600)).toBe('9999.00 核时');
    expect(formatCoreHours(1e4 * 3600)).toBe('1.00万 核时');
  });
  it('scales 12300 hours to 1.23万', () => {
    expect(formatCoreHours(12300 * 3600)).toBe('1.23万 核时');
  });
  it('turns 10^8 hours into 亿', () => {
    expect(formatCoreHours(9999e4 * 3600)).toBe('9999.00万 核时');
    expect(formatCoreHours(1e8 * 3600)).toBe('1.00亿 核时');
    expect(formatCoreHours(4.56e8 * 3600)).toBe('4.56亿 核时');
  });
  it('moves up to 万 when rounding reaches 10^4', () => {
    expect(formatCoreHours(9999.999 * 3600)).toBe('1.00万 核时');
  });
  it('takes the number of decimals', () => {
    expect(formatCoreHours(44460, 1)).toBe('12.4 核时');
  });
  it('keeps the sign of a negative balance', () => {
    expect(formatCoreHours(-12300 * 3600)).toBe('-1.23万 核时');
  });
});

describe('shortenNumber (spec §9: k, M, G, T, P, E)', () => {
  it('leaves numbers under 1000 as they are, rounded to 2 decimals', () => {
    expect(shortenNumber(0)).toBe('0');
    expect(shortenNumber(999)).toBe('999');
    expect(shortenNumber(12.345)).toBe('12.35');
  });
  it('turns 1000 into 1k', () => {
    expect(shortenNumber(1000)).toBe('1k');
  });
  it('drops trailing zeros and uses at most 2 decimals', () => {
    expect(shortenNumber(1234)).toBe('1.23k');
    expect(shortenNumber(1500)).toBe('1.5k');
  });
  it('scales base 1000 through M, G, T, P and E', () => {
    expect([6, 9, 12, 15, 18].map((power) => shortenNumber(10 ** power))).toEqual(['1M', '1G', '1T', '1P', '1E']);
  });
  it('moves up a symbol when rounding reaches 1000', () => {
    expect(shortenNumber(999.999)).toBe('1k');
    expect(shortenNumber(999_999)).toBe('1M');
  });
  it('takes the number of decimals', () => {
    expect(shortenNumber(1234567, 3)).toBe('1.235M');
    expect(shortenNumber(1234567, 0)).toBe('1M');
  });
  it('keeps the sign of negative numbers', () => {
    expect(shortenNumber(-1234)).toBe('-1.23k');
    expect(shortenNumber(-5)).toBe('-5');
  });
});

describe('thousands (spec §9: commas)', () => {
  it('groups the integer part by threes', () => {
    expect(thousands(1234567)).toBe('1,234,567');
    expect(thousands(123)).toBe('123');
    expect(thousands(1000)).toBe('1,000');
  });
  it('handles 0 and negative numbers', () => {
    expect(thousands(0)).toBe('0');
    expect(thousands(-1234567)).toBe('-1,234,567');
  });
  it('leaves the fraction ungrouped', () => {
    expect(thousands(1234.5678)).toBe('1,234.5678');
  });
  it('shows exactly the given decimals', () => {
    expect(thousands(1234.5, 2)).toBe('1,234.50');
    expect(thousands(1234.565, 2)).toBe('1,234.57');
    expect(thousands(999.996, 2)).toBe('1,000.00');
    expect(thousands(1234.5, 0)).toBe('1,235');
  });
});

describe('formatCoreHoursWithUnit (core-hours outside Chinese)', () => {
  it('groups thousands and names the unit given, without 万 or 亿', () => {
    expect(formatCoreHoursWithUnit(44460, 'core-hours')).toBe('12.35 core-hours');
    expect(formatCoreHoursWithUnit(12300 * 3600, 'core-hours')).toBe('12,300.00 core-hours');
    expect(formatCoreHoursWithUnit(4.56e8 * 3600, 'core-hours', 0)).toBe('456,000,000 core-hours');
  });
  it('shows the placeholder for a value that is not a number', () => {
    expect(formatCoreHoursWithUnit(Number.NaN, 'core-hours')).toBe(emptyPlaceholder);
  });
});
