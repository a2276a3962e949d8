import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, maxPageSize } from '@starlight/contract/envelope';
import { MessageStatus, messageSchema, type Message } from '@starlight/contract/messages';
import { apiSpec } from '../../../lib/api-client';
import { toMillis } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';

const unreadListSchema = listSchema(messageSchema).partial({ total: true });
export type UnreadMessages = { list: Message[]; total?: number | undefined };

export async function getUnreadMessages(signal?: AbortSignal): Promise<UnreadMessages> {
  const spec = await apiSpec('/message/message', {
    query: { field_eq_status: MessageStatus.unread, page: 1, page_size: maxPageSize },
    signal,
  });
  return unreadListSchema.parse(spec);
}

export const unreadMessagesQueryKey = ['messages', 'unread'] as const;

export function unreadMessagesQueryOptions() {
  return queryOptions({
    queryKey: unreadMessagesQueryKey,
    queryFn: ({ signal }) => getUnreadMessages(signal),
    refetchInterval: 60_000,
  });
}

export function useUnreadMessages() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...unreadMessagesQueryOptions(), enabled: token !== null });
}

/** Spec §4: the unread count comes from total, else the list length. */
export function unreadCount(messages: UnreadMessages | undefined): number {
  if (!messages) return 0;
  return messages.total || messages.list.length;
}

/** Spec §4/§9: the dropdown shows the last items in reverse order, at most 5. */
export const latestShown = 5;

/**
 * The last `max` messages, newest first. The spec's rule assumed a list in creation order; the list is
 * put in that order first (stable, so equal times keep the server's order), whatever order it came in.
 */
export function latestUnread(list: readonly Message[], max = latestShown): Message[] {
  const byCreation = list
    .map((message, index) => ({ message, index, at: toMillis(message.created_at) }))
    .sort((a, b) => (Number.isNaN(a.at) || Number.isNaN(b.at) || a.at === b.at ? a.index - b.index : a.at - b.at))
    .map(({ message }) => message);
  return byCreation.slice(-max).reverse();
}
