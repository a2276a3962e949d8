import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserListSchema, userDetailSchema, type AdminUser, type UserDetail } from '@starlight/contract/admin';
import type { List } from '@starlight/contract/envelope';
import type { QueryParams } from '@starlight/contract/query';
import { apiSpec } from '../../../lib/api-client';

export interface UserFilters {
  page: number;
  pageSize: number;
  /** Part of the user name. */
  name?: string;
  group?: string;
  state?: 'active' | 'disabled';
}

export function buildUserQuery(filters: UserFilters): QueryParams {
  return {
    page: filters.page,
    page_size: filters.pageSize,
    field_lk_user_name: filters.name?.trim(),
    field_eq_group_name: filters.group?.trim(),
    field_eq_state: filters.state,
  };
}

export async function getUsers(filters: UserFilters, signal?: AbortSignal): Promise<List<AdminUser>> {
  return adminUserListSchema.parse(await apiSpec('/user/user', { query: buildUserQuery(filters), signal }));
}

export const usersQueryOptions = (filters: UserFilters) =>
  queryOptions({ queryKey: ['admin', 'users', filters] as const, queryFn: ({ signal }) => getUsers(filters, signal), placeholderData: keepPreviousData });

export const useUsers = (filters: UserFilters) => useQuery(usersQueryOptions(filters));

export async function getUserDetail(ref: string, signal?: AbortSignal): Promise<UserDetail> {
  // 1403 (a user outside the caller's groups) and 1404 are told by the page itself, not by a toast
  return userDetailSchema.parse(await apiSpec(`/user/spec/user/${encodeURIComponent(ref)}`, { signal, skip: [1403, 1404] }));
}

export const useUserDetail = (ref: string) =>
  useQuery({ queryKey: ['admin', 'user', ref] as const, queryFn: ({ signal }) => getUserDetail(ref, signal) });
