import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { appDetailSchema, appLabelRelationRowSchema, appParamSchema, appSchema, type AppParam } from '@starlight/contract/apps';
import { labelSchema } from '@starlight/contract/labels';
import { listSchema } from '@starlight/contract/envelope';
import { partitionSchema } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';

// /app/manage (create_app_by_admin) and /app/app-params (query_partitions_admin) on the apps module's calls.

const invalidateApps = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ queryKey: ['apps'] });

export function useAppAdmin() {
  const client = useQueryClient();
  const onSettled = () => invalidateApps(client);
  return {
    visibility: useMutation({
      mutationFn: async ({ name, visibility }: { name: string; visibility: 'private' | 'group' | 'public' }) =>
        appSchema.parse(await apiSpec(`/app/apps/${encodeURIComponent(name)}`, { method: 'PATCH', body: { visibility } })),
      onSettled,
    }),
    transfer: useMutation({
      mutationFn: async ({ name, owner_kind, user_name }: { name: string; owner_kind: 'user' | 'group' | 'platform'; user_name?: string }) =>
        appSchema.parse(await apiSpec(`/app/apps/${encodeURIComponent(name)}/transfer`, { method: 'POST', body: { owner_kind, ...(user_name ? { user_name } : {}) } })),
      onSettled,
    }),
    deleteVersion: useMutation({
      mutationFn: async ({ name, version }: { name: string; version: number }) => apiSpec(`/app/apps/${encodeURIComponent(name)}/versions/${version}`, { method: 'DELETE' }),
      onSettled,
    }),
  };
}

/** One version's detail (how many runs pin it) for the version list of /app/manage. */
export const useAppVersion = (name: string, version: number) =>
  useQuery({
    queryKey: ['apps', 'detail', name, version] as const,
    queryFn: async ({ signal }) => appDetailSchema.parse(await apiSpec(`/app/apps/${encodeURIComponent(name)}`, { signal, query: { version } })),
  });

export const useAppParams = () =>
  useQuery({ queryKey: ['app-params'] as const, queryFn: async ({ signal }) => listSchema(appParamSchema).parse(await apiSpec('/app/params', { signal })) });

/** Every partition of every cluster (admin): the app-params form picks from them. */
export const useAllPartitions = () =>
  useQuery({
    queryKey: ['app-params', 'partitions'] as const,
    queryFn: async ({ signal }) => listSchema(partitionSchema).parse(await apiSpec('/kcluster/partitions', { signal, query: { page: 1, page_size: 100 }, timeoutHeader: 15 })).list,
    staleTime: 60_000,
  });

/** Saving and removing app params: the screen says what went wrong itself (silent: no second, global notice). */
export function useAppParamMutations() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ['app-params'] });
  return {
    save: useMutation({ mutationFn: async (p: Omit<AppParam, 'id'>) => appParamSchema.parse(await apiSpec('/app/params', { method: 'POST', body: p, silent: true })), onSettled }),
    remove: useMutation({ mutationFn: async (id: number) => z.null().parse(await apiSpec(`/app/params/${id}`, { method: 'DELETE', silent: true })), onSettled }),
  };
}

/** Spec §7 label relations on apps: the labels of one app (`GET /label/relation/app?field_eq_app_id=`). */
export const useAppLabelRelations = (appId: number | undefined) =>
  useQuery({
    queryKey: ['apps', 'label-relations', appId] as const,
    queryFn: async ({ signal }) => listSchema(appLabelRelationRowSchema).parse(await apiSpec('/label/relation/app', { signal, query: { page: 1, page_size: 100, field_eq_app_id: appId } })),
    enabled: appId !== undefined,
  });

/** Labels to pick from (the labels module's list, searched by name). */
export const useLabelChoices = (search: string) =>
  useQuery({
    queryKey: ['apps', 'label-choices', search] as const,
    queryFn: async ({ signal }) => listSchema(labelSchema).parse(await apiSpec('/label/label', { signal, query: { page: 1, page_size: 50, ...(search ? { field_lk_name: search } : {}) } })).list,
    staleTime: 10_000,
  });

/** Put a label on an app, or take it off (`DELETE /label/relation/app/` with the pair in the body, as the spec has it). */
export function useAppLabelMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ remove, app_id, label_id }: { remove?: boolean; app_id: number; label_id: number }) =>
      apiSpec(remove ? '/label/relation/app/' : '/label/relation/app', { method: remove ? 'DELETE' : 'POST', body: { app_id, label_id } }),
    onSettled: () => invalidateApps(client),
  });
}
