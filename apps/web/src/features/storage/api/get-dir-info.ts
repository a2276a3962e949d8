import { queryOptions } from '@tanstack/react-query';
import { Code } from '@starlight/contract/codes';
import { dirInfoSchema, type DirInfo, type DirSortKey } from '@starlight/contract/storage';
import { apiRequest } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

export interface DirQuery {
  dir: string;
  sort: DirSortKey;
  order: 'asc' | 'desc';
  filter: string;
}

/** A page, or why the directory cannot be listed (11502 missing, 1201 not readable: tolerated, spec §8). */
export type DirPageResult = { ok: true; page: DirInfo } | { ok: false; code: number; info: string };

export async function getDirInfo(query: DirQuery, page: number, pageSize: number, signal?: AbortSignal): Promise<DirPageResult> {
  const envelope = await apiRequest('/storage/dir_info', {
    query: { dir: query.dir, page, page_size: pageSize, sort: query.sort, order: query.order, filter: query.filter, ...targetQuery() },
    tolerated: [Code.dirMissing, Code.dirUnreadable],
    signal,
  });
  if (envelope.code === Code.dirMissing || envelope.code === Code.dirUnreadable) return { ok: false, code: envelope.code, info: envelope.info };
  return { ok: true, page: dirInfoSchema.parse(envelope.spec) };
}

export const dirQueryKey = (dir: string) => ['storage', 'dir', dir] as const;

export const dirPageQueryOptions = (query: DirQuery, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...dirQueryKey(query.dir), query.sort, query.order, query.filter, pageSize, page] as const,
    queryFn: ({ signal }) => getDirInfo(query, page, pageSize, signal),
    staleTime: 30_000,
  });
