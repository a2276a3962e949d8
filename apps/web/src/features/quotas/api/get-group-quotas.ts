import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { groupQuotaSchema, type GroupQuota } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey } from './quota-keys';

/** Every grant on one cluster (Admin family). */
export async function getClusterGrants(clusterName: string, signal?: AbortSignal): Promise<List<GroupQuota>> {
  return listSchema(groupQuotaSchema).parse(
    await apiSpec('/kcluster/partitions/groupquotasAdmin', { query: { field_eq_cluster_name: clusterName, page: 1, page_size: 100 }, signal }),
  );
}

export const clusterGrantsQueryOptions = (clusterName: string) =>
  queryOptions({ queryKey: [...quotasKey, 'grants', clusterName], queryFn: ({ signal }) => getClusterGrants(clusterName, signal) });

export const useClusterGrants = (clusterName: string) => useQuery(clusterGrantsQueryOptions(clusterName));
