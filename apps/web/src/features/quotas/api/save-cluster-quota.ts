import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clusterQuotaSchema, type ClusterQuota, type ClusterQuotaInput } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey } from './quota-keys';

/** Sets (creates or replaces) a user's or group's quota on a cluster. */
export async function saveClusterQuota(input: ClusterQuotaInput): Promise<ClusterQuota> {
  return clusterQuotaSchema.parse(await apiSpec('/kcluster/cluster_quota', { method: 'POST', body: input }));
}

export function useSaveClusterQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClusterQuota,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotasKey }),
  });
}
