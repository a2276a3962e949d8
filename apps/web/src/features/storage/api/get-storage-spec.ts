import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { storageSpecItemSchema, type StorageSpecItem } from '@starlight/contract/cluster-storage';
import { apiSpec } from '../../../lib/api-client';

/** The storages offered to the caller (spec §5: present in every partition of the cluster); verbose adds root, quota and usage. */
export async function getStorageSpec(verbose: boolean, signal?: AbortSignal): Promise<List<StorageSpecItem>> {
  return listSchema(storageSpecItemSchema).parse(await apiSpec('/storage/hpc/storage/spec', { query: { verbose: verbose ? 'true' : '' }, signal, timeoutHeader: 15 }));
}

/**
 * Spec §4: cluster storages are loaded once and cached (never stale); a failed load leaves nothing cached,
 * so the next use loads again. The verbose form (usage) follows the 1-hour storage-data rule (§9).
 */
export const storageSpecQueryOptions = (verbose: boolean) =>
  queryOptions({
    queryKey: ['cluster-storage', 'spec', verbose] as const,
    queryFn: ({ signal }) => getStorageSpec(verbose, signal),
    staleTime: verbose ? 3_600_000 : Infinity,
    retry: false,
  });

export const useStorageSpec = (verbose = false, enabled = true) => useQuery({ ...storageSpecQueryOptions(verbose), enabled });
