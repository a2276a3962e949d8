import { useMutation, useQueryClient } from '@tanstack/react-query';
import { oauthClientCreatedSchema, type OauthClientCreated, type OauthClientInput } from '@starlight/contract/sso';
import { apiSpec } from '../../../lib/api-client';
import { oauthClientsQueryKey } from './get-oauth-clients';

/** Create (no id) or change a site; the answer carries a secret only when one was just made. */
export async function saveOauthClient({ id, input }: { id?: number | undefined; input: OauthClientInput }): Promise<OauthClientCreated> {
  const spec = await apiSpec(id === undefined ? '/keystone/oauth/clients' : `/keystone/oauth/clients/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body: input });
  return oauthClientCreatedSchema.parse(spec);
}

export async function rotateOauthClientSecret(id: number): Promise<OauthClientCreated> {
  return oauthClientCreatedSchema.parse(await apiSpec(`/keystone/oauth/clients/${id}/secret`, { method: 'POST' }));
}

export async function deleteOauthClient(id: number): Promise<void> {
  await apiSpec(`/keystone/oauth/clients/${id}`, { method: 'DELETE' });
}

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: oauthClientsQueryKey });
}

export function useSaveOauthClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: saveOauthClient, onSuccess: invalidate });
}

export function useRotateOauthClientSecret() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: rotateOauthClientSecret, onSuccess: invalidate });
}

export function useDeleteOauthClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: deleteOauthClient, onSuccess: invalidate });
}
