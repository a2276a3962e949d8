import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listSchema, type List } from '@starlight/contract/envelope';
import {
  cliSecretCreatedSchema,
  cliSecretSchema,
  gcResultSchema,
  imageLabelRelationSchema,
  layerSchema,
  quotaSchema,
  registrySchema,
  repositorySchema,
  tagSchema,
  userUsageSchema,
  type Repository,
} from '@starlight/contract/images';
import { apiSpec } from '../../../lib/api-client';

/**
 * The image hub's calls. `publicHub` reads go to /dchub without the token (anonymous visitors);
 * the others to /image (bound users). One key prefix so any change refreshes every view.
 */
const key = ['images'] as const;
export interface RepoQuery {
  page: number;
  page_size: number;
  field_lk_name?: string;
  label_id?: number;
  registry_id?: number;
}
type Ref = { registry_id: number; name: string };
const base = (publicHub: boolean) => (publicHub ? '/dchub/repository' : '/image/repository');
const read = (publicHub: boolean) => (publicHub ? { auth: false } : {});

export const useRepositories = (query: RepoQuery, publicHub = false) =>
  useQuery({
    queryKey: [...key, 'repositories', publicHub, query],
    queryFn: async ({ signal }): Promise<List<Repository>> =>
      listSchema(repositorySchema).parse(await apiSpec(base(publicHub), { query: { ...query }, signal, ...read(publicHub) })),
    placeholderData: keepPreviousData,
  });

export const useTags = (ref: Ref, publicHub = false) =>
  useQuery({
    queryKey: [...key, 'tags', publicHub, ref],
    queryFn: async ({ signal }) => listSchema(tagSchema).parse(await apiSpec(`${base(publicHub)}/tag`, { query: ref, signal, ...read(publicHub) })),
  });

export const useLayers = (ref: (Ref & { tag: string }) | null, publicHub = false) =>
  useQuery({
    queryKey: [...key, 'layers', publicHub, ref],
    enabled: ref !== null,
    queryFn: async ({ signal }) => listSchema(layerSchema).parse(await apiSpec(`${base(publicHub)}/layer`, { query: ref ?? {}, signal, ...read(publicHub) })),
  });

export const useRegistries = () =>
  useQuery({ queryKey: [...key, 'registries'], queryFn: async ({ signal }) => listSchema(registrySchema).parse(await apiSpec('/image/registry', { signal })) });

export const useSecrets = (userName?: string) =>
  useQuery({
    queryKey: [...key, 'secrets', userName ?? ''],
    queryFn: async ({ signal }) =>
      listSchema(cliSecretSchema).parse(await apiSpec('/image/secret', { query: { page: 1, page_size: 100, field_eq_user_name: userName }, signal })),
  });

export const useQuotas = () =>
  useQuery({ queryKey: [...key, 'quotas'], queryFn: async ({ signal }) => listSchema(quotaSchema).parse(await apiSpec('/image/quota', { query: { page: 1, page_size: 100 }, signal })) });

export const useUsage = (page: number) =>
  useQuery({
    queryKey: [...key, 'usage', page],
    queryFn: async ({ signal }) => listSchema(userUsageSchema).parse(await apiSpec('/image/usage', { query: { page, page_size: 20 }, signal })),
    placeholderData: keepPreviousData,
  });

export const useLabelRelations = (page: number) =>
  useQuery({
    queryKey: [...key, 'label-relations', page],
    queryFn: async ({ signal }) => listSchema(imageLabelRelationSchema).parse(await apiSpec('/label/relation/image', { query: { page, page_size: 20 }, signal })),
    placeholderData: keepPreviousData,
  });

function useImagesMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateSecret = () =>
  useImagesMutation(async (input: { name: string; expires_in_days: number }) => cliSecretCreatedSchema.parse(await apiSpec('/image/secret', { method: 'POST', body: input })));
export const useRevokeSecret = () => useImagesMutation((id: number) => apiSpec(`/image/secret/${id}`, { method: 'DELETE' }));
export const usePatchRepository = () =>
  useImagesMutation(async (input: Ref & { public?: boolean; readme?: string }) => repositorySchema.parse(await apiSpec('/image/repository', { method: 'PATCH', body: input })));
export const useDeleteTag = () => useImagesMutation((input: Ref & { tag: string }) => apiSpec('/image/repository/tag', { method: 'DELETE', body: input }));
export const useSaveRegistry = () =>
  useImagesMutation(async ({ id, values }: { id?: number; values: Record<string, unknown> }) =>
    registrySchema.parse(await apiSpec(id ? `/image/registry/${id}` : '/image/registry', { method: id ? 'PATCH' : 'POST', body: values })),
  );
export const useDeleteRegistry = () => useImagesMutation((id: number) => apiSpec(`/image/registry/${id}`, { method: 'DELETE' }));
export const useRunGc = () => useImagesMutation(async (id: number) => gcResultSchema.parse(await apiSpec(`/image/registry/${id}/gc`, { method: 'POST', timeoutMs: 11 * 60_000 })));
export const useSetQuota = () =>
  useImagesMutation(async (input: { registry_id: number; namespace: string; quota_bytes: number }) => quotaSchema.parse(await apiSpec('/image/quota', { method: 'PUT', body: input })));
export const useLabelRelation = () =>
  useImagesMutation(({ remove, ...body }: { remove?: boolean; label_id: number; registry_id: number; image: string }) =>
    apiSpec('/label/relation/image', { method: remove ? 'DELETE' : 'POST', body }),
  );
export const proxyAvailable = async (address: string) =>
  z.object({ available: z.boolean(), status: z.number().nullable(), ms: z.number() }).parse(await apiSpec('/label/proxy/available', { method: 'POST', body: { address }, timeoutHeader: 10 }));
