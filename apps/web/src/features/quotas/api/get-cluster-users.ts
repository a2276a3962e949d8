import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clusterUserSchema, type ClusterUser } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey, userQuotaStaleMs } from './quota-keys';

/** Who may use cluster {id} with their cluster quotas (group admins: their members). */
export async function getClusterUsers(clusterId: number, signal?: AbortSignal): Promise<ClusterUser[]> {
  return z.array(clusterUserSchema).parse(await apiSpec(`/kcluster/hpc/cluster/allusers/${clusterId}`, { signal, timeoutHeader: 15 }));
}

export const clusterUsersQueryOptions = (clusterId: number) =>
  queryOptions({ queryKey: [...quotasKey, 'cluster-users', clusterId], queryFn: ({ signal }) => getClusterUsers(clusterId, signal), staleTime: userQuotaStaleMs });

export const useClusterUsers = (clusterId: number | undefined) => useQuery({ ...clusterUsersQueryOptions(clusterId ?? 0), enabled: clusterId !== undefined });
