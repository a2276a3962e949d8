import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagePreferencesSchema, type MessagePreference } from '@starlight/contract/messages';
import { apiSpec } from '../../../lib/api-client';

const key = ['message-preferences'] as const;

export const useMessagePreferences = () =>
  useQuery({ queryKey: key, queryFn: async ({ signal }) => messagePreferencesSchema.parse(await apiSpec('/message/preference', { signal })).list });

export function useSaveMessagePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preference: MessagePreference) =>
      messagePreferencesSchema.parse(await apiSpec('/message/preference', { method: 'PUT', body: { list: [preference] } })).list,
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
}
