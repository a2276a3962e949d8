import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { clusterSchema, type Cluster } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';

export const clustersKey = ['clusters'] as const;

/** Platforms hold a handful of clusters: one page of 100 is all of them. */
export async function getClusters(signal?: AbortSignal): Promise<List<Cluster>> {
  return listSchema(clusterSchema).parse(await apiSpec('/kcluster/cluster', { query: { page: 1, page_size: 100 }, signal }));
}

export const clustersQueryOptions = () => queryOptions({ queryKey: [...clustersKey, 'list'], queryFn: ({ signal }) => getClusters(signal) });

export function useClusters() {
  return useQuery(clustersQueryOptions());
}
