import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageStatusPatch } from '@starlight/contract/messages';
import { apiSpec } from '../../../lib/api-client';

export async function patchMessage(id: number, patch: MessageStatusPatch): Promise<void> {
  await apiSpec(`/message/message/${id}`, { method: 'PATCH', body: patch });
}

/** Marks one message read (status 2) and refreshes every message list. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => patchMessage(id, { status: 2 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
