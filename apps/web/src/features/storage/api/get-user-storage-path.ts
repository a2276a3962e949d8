import { queryOptions, useQuery } from '@tanstack/react-query';
import { userStoragePathSchema, type UserStoragePath } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

export async function getUserStoragePath(signal?: AbortSignal): Promise<UserStoragePath> {
  return userStoragePathSchema.parse(await apiSpec('/storage/user_storage_path', { query: targetQuery(), signal }));
}

export const userStoragePathQueryOptions = () =>
  queryOptions({ queryKey: ['storage', 'home'] as const, queryFn: ({ signal }) => getUserStoragePath(signal), staleTime: 3_600_000 });

export const useUserStoragePath = () => useQuery(userStoragePathQueryOptions());
