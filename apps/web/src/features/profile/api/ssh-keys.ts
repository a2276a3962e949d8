import { useMutation, useQuery } from '@tanstack/react-query';
import { sshKeyListSchema, sshKeySchema } from '@starlight/contract/profile';
import { apiSpec } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { formCodes } from './account';

export const sshKeysKey = ['profile', 'ssh-keys'] as const;

export function useSshKeys() {
  return useQuery({ queryKey: sshKeysKey, queryFn: async ({ signal }) => sshKeyListSchema.parse(await apiSpec('/user/key', { signal })) });
}

export function useAddSshKey() {
  return useMutation({
    mutationFn: async (publicKey: string) => sshKeySchema.parse(await apiSpec('/user/key', { method: 'POST', body: { public_key: publicKey }, skip: formCodes })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sshKeysKey }),
  });
}

export function useDeleteSshKey() {
  return useMutation({
    mutationFn: (id: number) => apiSpec('/user/key', { method: 'DELETE', query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sshKeysKey }),
  });
}
