import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { availablePartitionSchema, type AvailablePartition } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';

/** Spec §9: available partitions are cached 3600 s. */
export const availabilityStaleMs = 3_600_000;

export async function getAvailablePartitions(signal?: AbortSignal): Promise<AvailablePartition[]> {
  return z.array(availablePartitionSchema).parse(await apiSpec('/kcluster/user/available/partitions', { signal, timeoutHeader: 15 }));
}

export const availablePartitionsQueryOptions = () =>
  queryOptions({ queryKey: ['kcluster', 'available', 'partitions'], queryFn: ({ signal }) => getAvailablePartitions(signal), staleTime: availabilityStaleMs });

export function useAvailablePartitions(enabled = true) {
  return useQuery({ ...availablePartitionsQueryOptions(), enabled });
}
