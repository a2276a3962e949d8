import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { runSchema } from '@starlight/contract/apps';
import { availablePartitionSchema } from '@starlight/contract/hpc';
import { wrfStatusSchema, type WrfLaunch } from '@starlight/contract/wrf';
import { apiSpec } from '../../lib/api-client';

/** The partitions the caller may launch on (the same list the app launch form uses). */
export const usePartitions = () =>
  useQuery({
    queryKey: ['kcluster', 'available', 'partitions'],
    queryFn: async ({ signal }) => z.array(availablePartitionSchema).parse(await apiSpec('/kcluster/user/available/partitions', { signal, timeoutHeader: 15 })),
    staleTime: 3_600_000,
  });

/** Whether WRF is installed on the cluster (and the shipped app is there). */
export const useWrfStatus = (cluster: string | undefined) =>
  useQuery({
    queryKey: ['wrf', 'status', cluster ?? ''],
    queryFn: async ({ signal }) => wrfStatusSchema.parse(await apiSpec(`/app/wrf${cluster ? `?cluster=${encodeURIComponent(cluster)}` : ''}`, { signal })),
  });

export const useLaunchWrf = () => useMutation({ mutationFn: async (input: WrfLaunch) => runSchema.parse(await apiSpec('/app/wrf/runs', { method: 'POST', body: input })) });
