import { queryOptions } from '@tanstack/react-query';
import { permissionListSchema } from '@starlight/contract/users';
import { apiSpec } from '../../../lib/api-client';

/** Spec §4: without a successful fetch the list holds only an empty string. */
export const failedPermissionList: readonly string[] = [''];

export async function getPermissions(signal?: AbortSignal): Promise<string[]> {
  try {
    return permissionListSchema.parse(await apiSpec('/perm/permission', { signal }));
  } catch {
    return [...failedPermissionList];
  }
}

export const permissionsQueryKey = ['auth', 'permissions'] as const;

export function permissionsQueryOptions() {
  return queryOptions({ queryKey: permissionsQueryKey, queryFn: ({ signal }) => getPermissions(signal), staleTime: Infinity });
}
