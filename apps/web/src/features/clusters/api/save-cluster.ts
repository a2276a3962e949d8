import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clusterSchema, type Cluster, type ClusterCreateInput, type ClusterPatchInput } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';
import { clustersKey } from './get-clusters';

export async function createCluster(input: ClusterCreateInput): Promise<Cluster> {
  return clusterSchema.parse(await apiSpec('/kcluster/cluster', { method: 'POST', body: input }));
}

export async function updateCluster(id: number, patch: ClusterPatchInput): Promise<Cluster> {
  return clusterSchema.parse(await apiSpec(`/kcluster/cluster/${id}`, { method: 'PATCH', body: patch }));
}

export async function deleteCluster(id: number): Promise<void> {
  await apiSpec(`/kcluster/cluster/${id}`, { method: 'DELETE' });
}

/** Create (no id) or edit a cluster, then refresh every cluster view. */
export function useSaveCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; create?: ClusterCreateInput; patch?: ClusterPatchInput }) =>
      v.id === undefined ? createCluster(v.create!) : updateCluster(v.id, v.patch!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clustersKey }),
  });
}

export function useDeleteCluster() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCluster, onSuccess: () => queryClient.invalidateQueries({ queryKey: clustersKey }) });
}
