import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partitionSchema, type Partition, type PartitionPatchInput } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';
import { clustersKey } from './get-clusters';

export async function updatePartition(id: number, patch: PartitionPatchInput): Promise<Partition> {
  return partitionSchema.parse(await apiSpec(`/kcluster/partitions/${id}`, { method: 'PATCH', body: patch }));
}

/** Describes a partition (description, partition_type, init_type). */
export function useUpdatePartition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PartitionPatchInput }) => updatePartition(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clustersKey, 'partitions'] }),
  });
}
