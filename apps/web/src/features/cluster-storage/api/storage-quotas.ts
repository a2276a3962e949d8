import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listSchema, type List } from '@starlight/contract/envelope';
import {
  groupStorageSchema,
  storageQuotaSchema,
  type GroupExpirePatch,
  type GroupQuotaPatch,
  type GroupStorage,
  type StorageQuota,
  type UserQuotaPatch,
} from '@starlight/contract/cluster-storage';
import { apiSpec } from '../../../lib/api-client';
import { clusterStorageKey } from './filesystems';

export type QuotaScope = 'user' | 'group';
const path = { user: '/storage/hpc/storage/spec/userQuotas', group: '/storage/hpc/storage/spec/groupQuotas' } as const;

/** Users' or groups' storage quotas the caller may see, sizes processed by 1024 (spec §9). */
export async function getStorageQuotas(scope: QuotaScope, name: string, signal?: AbortSignal): Promise<List<StorageQuota>> {
  return listSchema(storageQuotaSchema).parse(await apiSpec(path[scope], { query: { display: 'processed', field_lk_name: name }, signal, timeoutHeader: 25 }));
}

/** Spec §4/§9: storage-quota data is reloaded only when the last load failed or is older than 1 hour; concurrent loads share one request. */
export const storageQuotasQueryOptions = (scope: QuotaScope, name: string) => ({
  queryKey: [...clusterStorageKey, 'quotas', scope, name] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getStorageQuotas(scope, name, signal),
  staleTime: 3_600_000,
});
export const useStorageQuotas = (scope: QuotaScope, name: string) => useQuery(storageQuotasQueryOptions(scope, name));

export const useStorageGroups = () =>
  useQuery({
    queryKey: [...clusterStorageKey, 'groups'],
    queryFn: async ({ signal }) => z.array(groupStorageSchema).parse(await apiSpec('/storage/hpc/storage/group', { signal, timeoutHeader: 25 })) as GroupStorage[],
    staleTime: 3_600_000,
  });

export type QuotaChange =
  | { scope: 'user'; body: UserQuotaPatch }
  | { scope: 'group'; body: GroupQuotaPatch }
  | { scope: 'expire'; body: GroupExpirePatch };

const patchPath = { user: '/storage/hpc/storage/user', group: '/storage/hpc/storage/group', expire: '/storage/hpc/storage/expire/group' } as const;

export async function changeQuota(change: QuotaChange): Promise<StorageQuota> {
  return storageQuotaSchema.parse(await apiSpec(patchPath[change.scope], { method: 'PATCH', body: change.body }));
}

export function useChangeQuota() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeQuota, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clusterStorageKey] }) });
}
