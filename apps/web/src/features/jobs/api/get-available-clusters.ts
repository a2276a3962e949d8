import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { availableClusterSchema, type AvailableCluster } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';
import { availabilityStaleMs } from './get-available-partitions';

export async function getAvailableClusters(signal?: AbortSignal): Promise<AvailableCluster[]> {
  return z.array(availableClusterSchema).parse(await apiSpec('/kcluster/user/available/clusters', { signal, timeoutHeader: 15 }));
}

export const availableClustersQueryOptions = () =>
  queryOptions({ queryKey: ['kcluster', 'available', 'clusters'], queryFn: ({ signal }) => getAvailableClusters(signal), staleTime: availabilityStaleMs });

export function useAvailableClusters(enabled = true) {
  return useQuery({ ...availableClustersQueryOptions(), enabled });
}
