import { describe, expect, it } from 'vitest';
import { pagesFor, rowAt, visibleRows } from '../hooks/dir-window';

describe('listing window', () => {
  it('renders only the rows on screen plus a margin', () => {
    expect(visibleRows(0, 400, 40, 100_000, 5)).toEqual({ first: 0, last: 15 });
    expect(visibleRows(40 * 50_000, 400, 40, 100_000, 5)).toEqual({ first: 49_995, last: 50_015 });
    expect(visibleRows(40 * 99_990, 400, 40, 100_000, 5).last).toBe(99_999);
    expect(visibleRows(0, 400, 40, 0)).toEqual({ first: 0, last: -1 });
  });

  it('asks only for the pages under those rows, however far one scrolls', () => {
    expect(pagesFor({ first: 0, last: 15 }, 200)).toEqual([1]);
    expect(pagesFor({ first: 49_995, last: 50_015 }, 200)).toEqual([250, 251]);
    expect(pagesFor({ first: 0, last: -1 }, 200)).toEqual([1]);
  });

  it('finds a row in its page, or nothing while that page loads', () => {
    const pages = new Map([[2, ['a', 'b']]]);
    expect(rowAt(pages, 200, 200)).toBe('a');
    expect(rowAt(pages, 201, 200)).toBe('b');
    expect(rowAt(pages, 5, 200)).toBeUndefined();
  });
});
