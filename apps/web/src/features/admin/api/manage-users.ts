import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkUpdateReport, CreateUserInput, UpdateUserInput } from '@starlight/contract/admin';
import { apiSpec } from '../../../lib/api-client';

/** Every admin list and detail is refetched after a change: they overlap (users, groups, roles). */
function useAdminMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}

export const createUser = (input: CreateUserInput) => apiSpec<{ id: number; user_name: string; invited: boolean }>('/user/user', { method: 'POST', body: input });
export const updateUser = ({ id, patch }: { id: number; patch: UpdateUserInput }) => apiSpec(`/user/user/${id}`, { method: 'PATCH', body: patch });
export const removeUser = ({ id, hard }: { id: number; hard: boolean }) =>
  apiSpec<{ deleted: boolean; disabled: boolean }>(`/user/user/${id}`, { method: 'DELETE', query: { hard: hard ? 'true' : undefined } });
export const setGroupAdmin = ({ userName, groupName, admin }: { userName: string; groupName?: string; admin: boolean }) =>
  apiSpec(admin ? '/user/update_to_group_admin' : '/user/remove_group_admin', { method: 'POST', body: { user_name: userName, group_name: groupName } });
export const setUserRoles = ({ userName, roles }: { userName: string; roles: string[] }) =>
  apiSpec('/user/user_role', { method: 'POST', body: { user_name: userName, roles } });
/** Spec §7: POST /user/update with TIMEOUT 3600 (a large file is many users). */
export const bulkUpdate = ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
  apiSpec<BulkUpdateReport>('/user/update', { method: 'POST', body: { csv, dry_run: dryRun }, timeoutHeader: 3600, timeoutMs: 3_600_000 });

export const useCreateUser = () => useAdminMutation(createUser);
export const useUpdateUser = () => useAdminMutation(updateUser);
export const useRemoveUser = () => useAdminMutation(removeUser);
export const useSetGroupAdmin = () => useAdminMutation(setGroupAdmin);
export const useSetUserRoles = () => useAdminMutation(setUserRoles);
export const useBulkUpdate = () => useAdminMutation(bulkUpdate);
export { useAdminMutation };
