import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { externalProviderListSchema, externalProviderSchema, type ExternalKind, type ExternalProviderInput } from '@starlight/contract/sso';
import { apiSpec } from '../../../lib/api-client';

const providersQueryKey = ['sso', 'external-providers'] as const;

/** The admin's view of the sign-in providers (secrets never come back). */
export async function getExternalProviders(signal?: AbortSignal) {
  return externalProviderListSchema.parse(await apiSpec('/keystone/external/providers', { signal })).list;
}

export function useExternalProviders() {
  return useQuery({ queryKey: providersQueryKey, queryFn: ({ signal }) => getExternalProviders(signal) });
}

export async function saveExternalProvider({ kind, input }: { kind: ExternalKind; input: ExternalProviderInput }) {
  return externalProviderSchema.parse(await apiSpec(`/keystone/external/providers/${kind}`, { method: 'PUT', body: input }));
}

export async function deleteExternalProvider(kind: ExternalKind): Promise<void> {
  await apiSpec(`/keystone/external/providers/${kind}`, { method: 'DELETE' });
}

export function useSaveExternalProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveExternalProvider, onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }) });
}

export function useDeleteExternalProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteExternalProvider, onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }) });
}
