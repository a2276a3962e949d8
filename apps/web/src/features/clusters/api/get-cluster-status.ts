import { queryOptions, useQuery } from '@tanstack/react-query';
import { clusterStatusSchema, type ClusterStatus } from '@starlight/contract/cluster-access';
import { apiSpec } from '../../../lib/api-client';
import { clustersKey } from './get-clusters';

/** Live from the scheduler; refreshed every 30 s while the list is open. */
export async function getClusterStatus(id: number, signal?: AbortSignal): Promise<ClusterStatus> {
  return clusterStatusSchema.parse(await apiSpec(`/kcluster/cluster/${id}/status`, { signal, timeoutHeader: 15, silent: true }));
}

export const clusterStatusQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...clustersKey, 'status', id], queryFn: ({ signal }) => getClusterStatus(id, signal), refetchInterval: 30_000, staleTime: 10_000 });

export function useClusterStatus(id: number) {
  return useQuery(clusterStatusQueryOptions(id));
}
