import { queryOptions, useQuery } from '@tanstack/react-query';
import { oauthInteractionSchema, type OauthInteraction } from '@starlight/contract/sso';
import { apiSpec } from '../../../lib/api-client';

/** A pending authorization: the site asking and the scopes (the /oauth consent page). */
export async function getOauthInteraction(uid: string, signal?: AbortSignal): Promise<OauthInteraction> {
  return oauthInteractionSchema.parse(await apiSpec(`/keystone/oauth/interaction/${encodeURIComponent(uid)}`, { signal, silent: true }));
}

export function oauthInteractionQueryOptions(uid: string) {
  return queryOptions({ queryKey: ['sso', 'interaction', uid], queryFn: ({ signal }) => getOauthInteraction(uid, signal), retry: false, staleTime: Infinity });
}

export function useOauthInteraction(uid: string, enabled: boolean) {
  return useQuery({ ...oauthInteractionQueryOptions(uid), enabled });
}
