import { useQuery } from '@tanstack/react-query';
import { ssoConfigSchema } from '@starlight/contract/sso';
import { apiSpec } from '../../../lib/api-client';

/** The provider's issuer, discovery URL and domain (for the admin page's credentials box). */
export function useSsoConfig() {
  return useQuery({
    queryKey: ['sso', 'config'],
    queryFn: async ({ signal }) => ssoConfigSchema.parse(await apiSpec('/keystone/oauth/config', { signal, auth: false })),
    staleTime: Infinity,
  });
}
