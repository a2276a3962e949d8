import { describe, expect, it } from 'vitest';
import { compareNaturalKeys, flatNaturalKey, isListed, naturalKey, planListing, sortForListing } from './listing';

const names = (list: string[]): string[] =>
  sortForListing(
    list.map((name) => ({ name, type: 'file' })),
    planListing({}),
  ).map((e) => e.name);

describe('listing order', () => {
  it('sorts names naturally: case-insensitive, digit runs as numbers', () => {
    expect(names(['file10', 'file2', 'File1', 'file01', 'a', 'B', 'file1b', 'file007'])).toEqual([
      'a',
      'B',
      'File1',
      'file01',
      'file1b',
      'file2',
      'file007',
      'file10',
    ]);
  });

  it('compares digit runs of any length exactly', () => {
    const big = naturalKey('x12345678901234567890123');
    const bigger = naturalKey('x12345678901234567890124');
    expect(compareNaturalKeys(big, bigger)).toBeLessThan(0);
  });

  it('breaks every tie, so two calls page identically', () => {
    expect(names(['a', 'A', 'a'])).toEqual(['A', 'a', 'a']);
  });

  it('puts directories first by default, in either direction', () => {
    const items = [
      { name: 'b', type: 'file', size: 1 },
      { name: 'a', type: 'dir', size: 9 },
      { name: 'c', type: 'file', size: 5 },
    ];
    expect(sortForListing(items, planListing({ sort: 'size', order: 'desc' })).map((e) => e.name)).toEqual(['a', 'c', 'b']);
    expect(sortForListing(items, planListing({ sort: 'size', dirsFirst: false })).map((e) => e.name)).toEqual(['b', 'c', 'a']);
  });

  it('hides uploads in progress and filters case-insensitively', () => {
    expect(isListed('.starlight-part-0a1b', '')).toBe(false);
    expect(isListed('Report.PDF', 'report.pdf')).toBe(true);
    expect(isListed('Report.PDF', 'xls')).toBe(false);
  });

  it('checks paging options', () => {
    expect(planListing({})).toMatchObject({ offset: 0, limit: 100, sort: 'name', descending: false, dirsFirst: true });
    for (const bad of [{ limit: 1001 }, { limit: 0 }, { limit: 1.5 }, { offset: -1 }, { filter: 'x'.repeat(256) }])
      expect(() => planListing(bad)).toThrow();
  });

  // Relative to a plain code-unit sort of the same names in the same run, so machine load cannot fail it;
  // a collator built per comparison (the mistake this guards against) is ~50× slower.
  it('sorts 100,000 names within a small factor of a plain sort', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ name: `file-${(i * 7919) % 100_000}.dat`, type: 'file' }));
    const timed = (sort: () => unknown) => {
      const started = performance.now();
      sort();
      return performance.now() - started;
    };
    const plain = Math.min(...[0, 1, 2].map(() => timed(() => [...many].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))));
    let sorted: typeof many = [];
    const ours = Math.min(...[0, 1, 2].map(() => timed(() => (sorted = sortForListing(many, planListing({}))))));
    console.log(`listing sort: ${ours.toFixed(0)} ms vs plain ${plain.toFixed(0)} ms (×${(ours / plain).toFixed(1)})`);
    expect(ours / plain).toBeLessThan(15);
    expect(sorted[0]?.name).toBe('file-0.dat');
    expect(sorted[99_999]?.name).toBe('file-99999.dat');
  });
});

describe('flat natural keys', () => {
  it('order names exactly as the natural comparison does', () => {
    const names = ['f10', 'f9', 'f09', 'F1', 'a', 'a-b', 'a1', 'a1b', 'a01b', 'a1.dat', 'x12345678901234567890124', 'x12345678901234567890123', 'b', '', '10', '9', 'é1', 'é01x', 'z0', 'z00', 'z'];
    for (const a of names)
      for (const b of names) {
        const natural = Math.sign(compareNaturalKeys(naturalKey(a), naturalKey(b)));
        const flat = Math.sign(flatNaturalKey(a) < flatNaturalKey(b) ? -1 : flatNaturalKey(a) > flatNaturalKey(b) ? 1 : 0);
        expect([a, b, flat]).toEqual([a, b, natural]);
      }
  });
});
