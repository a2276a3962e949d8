import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { usablePartitionSchema, type UsablePartition } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey, userQuotaStaleMs } from './quota-keys';

/** The partitions I may use, with the limits that apply to me and the CPU time used. */
export async function getUsablePartitions(signal?: AbortSignal): Promise<UsablePartition[]> {
  return z.array(usablePartitionSchema).parse(await apiSpec('/kcluster/partitions/available/user', { signal, timeoutHeader: 15 }));
}

export const usablePartitionsQueryOptions = () =>
  queryOptions({ queryKey: [...quotasKey, 'usable', 'mine'], queryFn: ({ signal }) => getUsablePartitions(signal), staleTime: userQuotaStaleMs });

export const useUsablePartitions = () => useQuery(usablePartitionsQueryOptions());
