import { useQuery } from '@tanstack/react-query';
import { tokenKind, type LoginResult } from '@starlight/contract/auth';
import { externalPublicSchema, externalStartResultSchema, type ExternalKind } from '@starlight/contract/sso';
import { apiRequest, apiSpec } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

/** Whether /wx-login or /vc-login is offered, and the provider's name. */
export function useExternalProvider(kind: ExternalKind) {
  return useQuery({
    queryKey: ['sso', 'external', kind],
    queryFn: async ({ signal }) => externalPublicSchema.parse(await apiSpec(`/keystone/external/${kind}`, { auth: false, signal })),
    staleTime: 60_000,
  });
}

/** Where the browser goes to sign in (WeChat: also the QR page to embed). */
export async function startExternalLogin(kind: ExternalKind) {
  return externalStartResultSchema.parse(await apiSpec(`/keystone/external/${kind}/start`, { method: 'POST', auth: false }));
}

/** The provider came back with a code: our token, stored like a password login's (spec §4: 200 with kind 'token' only). */
export async function finishExternalLogin(kind: ExternalKind, code: string, state: string): Promise<LoginResult> {
  const envelope = await apiRequest<LoginResult>(`/keystone/external/${kind}/callback`, { method: 'POST', body: { code, state }, auth: false, centered: true });
  if (envelope.kind !== tokenKind || typeof envelope.spec.token !== 'string') throw new Error(envelope.info);
  useSessionStore.getState().signIn(envelope.spec.token, { tokenType: envelope.spec.token_type });
  return envelope.spec;
}
