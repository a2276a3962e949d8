import { describe, expect, it } from 'vitest';
import { fromBytes, toBytes, usedPercent } from '../quota-units';

describe('storage quota units (spec §9: by 1024)', () => {
  it('turns an entered limit into bytes', () => {
    expect(toBytes(1, 'MiB')).toBe(1_048_576);
    expect(toBytes(1.5, 'GiB')).toBe(1_610_612_736);
    expect(toBytes(2, 'TiB')).toBe(2 * 1024 ** 4);
  });

  it('shows a stored limit in the largest unit it fills', () => {
    expect(fromBytes(1024 ** 3)).toEqual({ amount: 1, unit: 'GiB' });
    expect(fromBytes(512 * 1024 ** 2)).toEqual({ amount: 512, unit: 'MiB' });
    expect(fromBytes(3 * 1024 ** 4)).toEqual({ amount: 3, unit: 'TiB' });
    expect(fromBytes(100)).toEqual({ amount: 0, unit: 'MiB' });
  });

  it('gives the used share, capped at 100, and none without a limit or a measurement', () => {
    expect(usedPercent(50, 200)).toBe(25);
    expect(usedPercent(300, 200)).toBe(100);
    expect(usedPercent(0, 0)).toBe(100);
    expect(usedPercent(null, 200)).toBeNull();
    expect(usedPercent(10, null)).toBeNull();
  });
});
