import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { partitionSchema, type Partition } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';
import { clustersKey } from './get-clusters';

/** Partitions of one cluster: the live scheduler's, with what administrators wrote about them. */
export async function getPartitions(clusterName: string, signal?: AbortSignal): Promise<List<Partition>> {
  return listSchema(partitionSchema).parse(
    await apiSpec('/kcluster/partitions', { query: { field_eq_cluster_name: clusterName, page: 1, page_size: 100 }, signal, timeoutHeader: 15 }),
  );
}

export const partitionsQueryOptions = (clusterName: string) =>
  queryOptions({ queryKey: [...clustersKey, 'partitions', clusterName], queryFn: ({ signal }) => getPartitions(clusterName, signal) });

export function usePartitions(clusterName: string | undefined) {
  return useQuery({ ...partitionsQueryOptions(clusterName ?? ''), enabled: !!clusterName });
}
