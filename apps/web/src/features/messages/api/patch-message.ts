import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageStatus, type MessageStatusPatch } from '@starlight/contract/messages';
import { apiSpec } from '../../../lib/api-client';

export async function patchMessage(id: number, patch: MessageStatusPatch): Promise<void> {
  await apiSpec(`/message/message/${id}`, { method: 'PATCH', body: patch });
}

/** Every change refreshes every message list, so the bell's badge follows at once. */
function useMessagesMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }) });
}

/** Marks one message read (status 2). */
export const useMarkMessageRead = () => useMessagesMutation((id: number) => patchMessage(id, { status: MessageStatus.read }));

export const useSetMessageStatus = () =>
  useMessagesMutation(({ id, status }: { id: number; status: MessageStatusPatch['status'] }) => patchMessage(id, { status }));

export const useMarkAllRead = () => useMessagesMutation(() => apiSpec('/message/message/read_all', { method: 'POST' }));

export const useDeleteMessage = () => useMessagesMutation((id: number) => apiSpec(`/message/message/${id}`, { method: 'DELETE' }));
