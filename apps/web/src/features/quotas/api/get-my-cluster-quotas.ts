import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clusterQuotaSchema, type ClusterQuota } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey, userQuotaStaleMs } from './quota-keys';

/** My own and my group's cluster quotas (HPC). */
export async function getMyClusterQuotas(signal?: AbortSignal): Promise<ClusterQuota[]> {
  return z.array(clusterQuotaSchema).parse(await apiSpec('/kcluster/hpc/clusterQuotas/user', { signal }));
}

export const myClusterQuotasQueryOptions = () =>
  queryOptions({ queryKey: [...quotasKey, 'cluster', 'mine'], queryFn: ({ signal }) => getMyClusterQuotas(signal), staleTime: userQuotaStaleMs });

export const useMyClusterQuotas = () => useQuery(myClusterQuotasQueryOptions());
