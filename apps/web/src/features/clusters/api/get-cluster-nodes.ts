import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clusterNodeSchema, type ClusterNode } from '@starlight/contract/cluster-access';
import { apiSpec } from '../../../lib/api-client';
import { clustersKey } from './get-clusters';

/** GET /kcluster/k8s/nodes/{id}: an HPC cluster answers from its scheduler; a k8s one 1502 (no driver yet). */
export async function getClusterNodes(id: number, signal?: AbortSignal): Promise<ClusterNode[]> {
  return z.array(clusterNodeSchema).parse(await apiSpec(`/kcluster/k8s/nodes/${id}`, { signal, timeoutHeader: 15, silent: true }));
}

export const clusterNodesQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...clustersKey, 'nodes', id], queryFn: ({ signal }) => getClusterNodes(id, signal), refetchInterval: 15_000, retry: false });

export function useClusterNodes(id: number | undefined) {
  return useQuery({ ...clusterNodesQueryOptions(id ?? 0), enabled: id !== undefined });
}
