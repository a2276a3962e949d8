import { useMemo, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { FileEntry } from '@starlight/contract/storage';
import { dirPageQueryOptions, type DirQuery } from '../api/get-dir-info';
import { pagesFor, type RowWindow } from './dir-window';

export const dirPageSize = 200;

export interface DirPages {
  /** Entries over every page (known once the first page answered). */
  total: number | undefined;
  pages: ReadonlyMap<number, readonly FileEntry[]>;
  /** 11502 / 1201: the directory cannot be listed. */
  problem: { code: number; info: string } | null;
  loading: boolean;
  error: boolean;
}

/**
 * The listing as the user scrolls: only the pages under the visible rows are asked for (each a
 * cached query), so a directory of 100,000 entries costs a few pages however far one scrolls.
 */
export function useDirPages(query: DirQuery, window: RowWindow): DirPages {
  const wanted = pagesFor(window, dirPageSize);
  const results = useQueries({ queries: wanted.map((page) => dirPageQueryOptions(query, page, dirPageSize)) });
  // the total survives scrolling to pages not loaded yet; it resets with the query
  const totals = useRef<{ key: string; total: number | undefined }>({ key: '', total: undefined });
  const key = JSON.stringify(query);
  if (totals.current.key !== key) totals.current = { key, total: undefined };

  const pages = new Map<number, readonly FileEntry[]>();
  let problem: DirPages['problem'] = null;
  results.forEach((result, i) => {
    const data = result.data;
    if (!data) return;
    if (!data.ok) problem = { code: data.code, info: data.info };
    else {
      pages.set(wanted[i] as number, data.page.list);
      totals.current.total = data.page.total;
    }
  });
  const pageKey = [...pages.keys()].join(',') + results.map((r) => r.dataUpdatedAt).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- pageKey stands for the pages' contents
  const stablePages = useMemo(() => pages, [pageKey]);
  return {
    total: problem ? 0 : totals.current.total,
    pages: stablePages,
    problem,
    loading: results.some((r) => r.isLoading),
    error: results.some((r) => r.isError),
  };
}
