import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { communityListSchema, groupDetailSchema, groupListSchema } from '@starlight/contract/admin';
import { apiSpec } from '../../../lib/api-client';
import { useAdminMutation } from './manage-users';

export interface NamedListFilters {
  page: number;
  pageSize: number;
  name?: string;
}
const query = (f: NamedListFilters) => ({ page: f.page, page_size: f.pageSize, field_lk_name: f.name?.trim() });

export const useGroups = (filters: NamedListFilters) =>
  useQuery({
    queryKey: ['admin', 'groups', filters] as const,
    queryFn: async ({ signal }) => groupListSchema.parse(await apiSpec('/user/groups', { query: query(filters), signal })),
    placeholderData: keepPreviousData,
  });

/** 1403 (a group the caller does not administer) and 1404 are told by the page itself, not by a toast. */
export const useGroupDetail = (name: string) =>
  useQuery({
    queryKey: ['admin', 'group', name] as const,
    queryFn: async ({ signal }) => groupDetailSchema.parse(await apiSpec(`/user/groups/${encodeURIComponent(name)}`, { signal, skip: [1403, 1404] })),
  });

export const useCommunities = (filters: NamedListFilters) =>
  useQuery({
    queryKey: ['admin', 'communities', filters] as const,
    queryFn: async ({ signal }) => communityListSchema.parse(await apiSpec('/community/user/communities', { query: query(filters), signal })),
    placeholderData: keepPreviousData,
  });

export const useCreateGroup = () => useAdminMutation((input: { name: string; description: string }) => apiSpec('/user/groups', { method: 'POST', body: input }));
export const useDeleteGroup = () => useAdminMutation((id: number) => apiSpec(`/user/groups/${id}`, { method: 'DELETE' }));
export const useAddMember = () =>
  useAdminMutation(({ id, userName }: { id: number; userName: string }) => apiSpec(`/user/groups/${id}/members`, { method: 'POST', body: { user_name: userName } }));
export const useRemoveMember = () =>
  useAdminMutation(({ id, userName }: { id: number; userName: string }) => apiSpec(`/user/groups/${id}/members/${encodeURIComponent(userName)}`, { method: 'DELETE' }));

export const useCreateCommunity = () => useAdminMutation((input: { name: string; description: string }) => apiSpec('/community/communities', { method: 'POST', body: input }));
export const useDeleteCommunity = () => useAdminMutation((id: number) => apiSpec(`/community/communities/${id}`, { method: 'DELETE' }));
/** Adds or removes a group or an administrator of a community. */
export const useCommunityMember = () =>
  useAdminMutation(({ id, kind, name, add }: { id: number; kind: 'groups' | 'admins'; name: string; add: boolean }) =>
    add
      ? apiSpec(`/community/communities/${id}/${kind}`, { method: 'POST', body: kind === 'groups' ? { group_name: name } : { user_name: name } })
      : apiSpec(`/community/communities/${id}/${kind}/${encodeURIComponent(name)}`, { method: 'DELETE' }),
  );
