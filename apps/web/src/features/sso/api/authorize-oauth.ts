import { useMutation } from '@tanstack/react-query';
import { oauthAuthorizeResultSchema } from '@starlight/contract/sso';
import { apiSpec } from '../../../lib/api-client';

export interface AuthorizeRequest {
  uid?: string;
  allow?: boolean;
  redirect_url?: string;
}

/** POST /keystone/oauth/authorize: the user's Allow/Deny; answers where the browser continues. */
export async function authorizeOauth(request: AuthorizeRequest): Promise<string> {
  return oauthAuthorizeResultSchema.parse(await apiSpec('/keystone/oauth/authorize', { method: 'POST', body: request })).redirect_to;
}

export function useAuthorizeOauth() {
  return useMutation({ mutationFn: authorizeOauth });
}
