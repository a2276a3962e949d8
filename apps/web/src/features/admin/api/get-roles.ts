import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditEventListSchema, operationListSchema, roleListSchema, type RoleInput } from '@starlight/contract/admin';
import type { QueryParams } from '@starlight/contract/query';
import { apiSpec } from '../../../lib/api-client';
import { useAdminMutation } from './manage-users';

/** `enabled: false` for a page that only names roles when its reader may list them (query_role). */
export const useRoles = (enabled = true) =>
  useQuery({ queryKey: ['admin', 'roles'] as const, queryFn: async ({ signal }) => roleListSchema.parse(await apiSpec('/perm/roles', { signal })), enabled });

/** The key catalogue with meanings in the four languages; it changes only with a release. */
export const useOperations = () =>
  useQuery({
    queryKey: ['admin', 'operations'] as const,
    queryFn: async ({ signal }) => operationListSchema.parse(await apiSpec('/perm/operations', { signal })),
    staleTime: 60_000,
  });

export const useCreateRole = () => useAdminMutation((input: RoleInput) => apiSpec('/perm/roles', { method: 'POST', body: input }));
export const useUpdateRole = () =>
  useAdminMutation(({ id, patch }: { id: number; patch: { description?: string; keys?: string[] } }) => apiSpec(`/perm/roles/${id}`, { method: 'PATCH', body: patch }));
export const useDeleteRole = () => useAdminMutation((id: number) => apiSpec(`/perm/roles/${id}`, { method: 'DELETE' }));

export const useAuditEvents = (filters: QueryParams) =>
  useQuery({
    queryKey: ['admin', 'audit', filters] as const,
    queryFn: async ({ signal }) => auditEventListSchema.parse(await apiSpec('/audit/events', { query: filters, signal })),
    placeholderData: keepPreviousData,
  });
