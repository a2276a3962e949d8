import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { clusterSchema, partitionSchema, type Cluster, type Partition } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey } from './quota-keys';

/** The partitions of one cluster (the rows a grant names). */
export async function getClusterPartitions(clusterName: string, signal?: AbortSignal): Promise<List<Partition>> {
  return listSchema(partitionSchema).parse(
    await apiSpec('/kcluster/partitions', { query: { field_eq_cluster_name: clusterName, page: 1, page_size: 100 }, signal, timeoutHeader: 15 }),
  );
}

/** HPC clusters, for switching the grants page between clusters. */
export async function getHpcClusters(signal?: AbortSignal): Promise<List<Cluster>> {
  return listSchema(clusterSchema).parse(await apiSpec('/kcluster/cluster', { query: { field_eq_kind: 'hpc', page: 1, page_size: 100 }, signal }));
}

export const clusterPartitionsQueryOptions = (clusterName: string) =>
  queryOptions({ queryKey: [...quotasKey, 'partitions', clusterName], queryFn: ({ signal }) => getClusterPartitions(clusterName, signal) });

export const useClusterPartitions = (clusterName: string) => useQuery(clusterPartitionsQueryOptions(clusterName));
export const useHpcClusters = () => useQuery({ queryKey: [...quotasKey, 'hpc-clusters'], queryFn: ({ signal }) => getHpcClusters(signal) });
