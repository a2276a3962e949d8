import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { partitionWebSshSchema, type PartitionWebSsh, type PartitionWebSshInput } from '@starlight/contract/cluster-access';
import { apiSpec } from '../../../lib/api-client';
import { clustersKey } from './get-clusters';

export async function getWebSshSettings(clusterName: string, signal?: AbortSignal): Promise<List<PartitionWebSsh>> {
  return listSchema(partitionWebSshSchema).parse(
    await apiSpec('/kcluster/partition_webssh', { query: { field_eq_cluster_name: clusterName, page: 1, page_size: 100 }, signal }),
  );
}

export const webSshSettingsQueryOptions = (clusterName: string) =>
  queryOptions({ queryKey: [...clustersKey, 'webssh', clusterName], queryFn: ({ signal }) => getWebSshSettings(clusterName, signal) });

export function useWebSshSettings(clusterName: string | undefined) {
  return useQuery({ ...webSshSettingsQueryOptions(clusterName ?? ''), enabled: !!clusterName });
}

export async function setWebSsh(input: PartitionWebSshInput): Promise<PartitionWebSsh> {
  return partitionWebSshSchema.parse(await apiSpec('/kcluster/partition_webssh', { method: 'PATCH', body: input }));
}

export async function deleteWebSsh(partitionId: number): Promise<void> {
  await apiSpec('/kcluster/partition_webssh', { method: 'DELETE', query: { partition_id: partitionId } });
}

/** PATCH (set) or DELETE (remove) one partition's web shell, then refresh the settings. */
export function useSaveWebSsh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { set: PartitionWebSshInput } | { remove: number }) => ('set' in v ? setWebSsh(v.set).then(() => undefined) : deleteWebSsh(v.remove)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clustersKey, 'webssh'] }),
  });
}
