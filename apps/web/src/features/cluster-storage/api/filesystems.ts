import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import { partitionSchema } from '@starlight/contract/hpc';
import {
  filesystemSchema,
  partStoRelSchema,
  type Filesystem,
  type FilesystemInput,
  type FilesystemPatch,
  type PartStoRelInput,
} from '@starlight/contract/cluster-storage';
import { apiSpec } from '../../../lib/api-client';

export const clusterStorageKey = ['cluster-storage'] as const;

/** GET /kcluster/filesystems: every storage with its partitions and whether it is offered (§5). */
export async function getFilesystems(signal?: AbortSignal): Promise<Filesystem[]> {
  return z.array(filesystemSchema).parse(await apiSpec('/kcluster/filesystems', { signal, timeoutHeader: 15 }));
}

/** Spec §4: cluster storages are loaded once and cached; our own writes refresh them. */
export const filesystemsQueryOptions = () =>
  queryOptions({ queryKey: [...clusterStorageKey, 'filesystems'], queryFn: ({ signal }) => getFilesystems(signal), staleTime: Infinity, retry: false });
export const useFilesystems = () => useQuery(filesystemsQueryOptions());

/** The partitions of one cluster (names only are needed here). */
export async function getClusterPartitionNames(cluster: string, signal?: AbortSignal): Promise<string[]> {
  const list = listSchema(partitionSchema).parse(await apiSpec('/kcluster/partitions', { query: { field_eq_cluster_name: cluster, page: 1, page_size: 100 }, signal, timeoutHeader: 15 }));
  return list.list.filter((p) => p.discovered).map((p) => p.name);
}
export const usePartitionNames = (cluster: string) =>
  useQuery({ queryKey: [...clusterStorageKey, 'partitions', cluster], queryFn: ({ signal }) => getClusterPartitionNames(cluster, signal), staleTime: Infinity });

export const relationsQuery = async (signal?: AbortSignal) => listSchema(partStoRelSchema).parse(await apiSpec('/kcluster/partStoRel', { signal }));

function useRefreshing<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: clusterStorageKey }) });
}

export const useCreateFilesystem = () => useRefreshing((input: FilesystemInput) => apiSpec('/kcluster/filesystems', { method: 'POST', body: input }));
export const useUpdateFilesystem = () =>
  useRefreshing(({ id, patch }: { id: number; patch: FilesystemPatch }) => apiSpec(`/kcluster/filesystems/${id}`, { method: 'PATCH', body: patch }));
export const useDeleteFilesystem = () => useRefreshing((id: number) => apiSpec(`/kcluster/filesystems/${id}`, { method: 'DELETE' }));
export const useRelate = () => useRefreshing((input: PartStoRelInput) => apiSpec('/kcluster/partStoRel', { method: 'POST', body: input }));
export const useUnrelate = () => useRefreshing((input: PartStoRelInput) => apiSpec('/kcluster/partStoRel', { method: 'DELETE', query: { ...input } }));
