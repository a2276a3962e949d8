import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { oauthClientListSchema } from '@starlight/contract/sso';
import { apiSpec } from '../../../lib/api-client';

export const oauthClientsQueryKey = ['sso', 'clients'] as const;

export async function getOauthClients(page: number, pageSize: number, signal?: AbortSignal) {
  return oauthClientListSchema.parse(await apiSpec('/keystone/oauth/clients', { query: { page, page_size: pageSize }, signal }));
}

export function oauthClientsQueryOptions(page: number, pageSize: number) {
  return queryOptions({ queryKey: [...oauthClientsQueryKey, page, pageSize], queryFn: ({ signal }) => getOauthClients(page, pageSize, signal), placeholderData: keepPreviousData });
}

export function useOauthClients(page: number, pageSize: number) {
  return useQuery(oauthClientsQueryOptions(page, pageSize));
}
