/** Pure arithmetic of the virtualised listing: which rows are on screen, which pages hold them. */

export interface RowWindow {
  /** First and last row index to render (inclusive); last < first when there is nothing. */
  first: number;
  last: number;
}

export function visibleRows(scrollTop: number, viewportHeight: number, rowHeight: number, total: number, overscan = 8): RowWindow {
  if (total <= 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(total - 1, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { first, last };
}

/** 1-based page numbers covering rows first..last. */
export function pagesFor(window: RowWindow, pageSize: number): number[] {
  if (window.last < window.first) return [1];
  const pages: number[] = [];
  for (let p = Math.floor(window.first / pageSize) + 1; p <= Math.floor(window.last / pageSize) + 1; p++) pages.push(p);
  return pages;
}

/** The row at `index` from loaded pages, or undefined while its page is loading. */
export function rowAt<T>(pages: ReadonlyMap<number, readonly T[]>, index: number, pageSize: number): T | undefined {
  return pages.get(Math.floor(index / pageSize) + 1)?.[index % pageSize];
}
