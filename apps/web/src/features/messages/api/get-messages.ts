import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema } from '@starlight/contract/envelope';
import { MessageStatus, messageSchema, type Message, type MessageKind } from '@starlight/contract/messages';
import { apiSpec } from '../../../lib/api-client';

export type MessageFilter = 'all' | 'unread' | 'read';
export interface MessagesQuery {
  page: number;
  pageSize: number;
  filter: MessageFilter;
  title: string;
  kind?: MessageKind | undefined;
}

const messageListSchema = listSchema(messageSchema);
const statusOf: Record<MessageFilter, number | undefined> = { all: undefined, unread: MessageStatus.unread, read: MessageStatus.read };

/** The message centre's page: filtered by status, kind and title on the server. */
export async function getMessages(query: MessagesQuery, signal?: AbortSignal): Promise<{ list: Message[]; total: number }> {
  const spec = await apiSpec('/message/message', {
    query: {
      page: query.page,
      page_size: query.pageSize,
      field_eq_status: statusOf[query.filter],
      field_eq_kind: query.kind,
      field_lk_title: query.title || undefined,
    },
    signal,
  });
  return messageListSchema.parse(spec);
}

export const messagesQueryOptions = (query: MessagesQuery) =>
  queryOptions({ queryKey: ['messages', 'page', query], queryFn: ({ signal }) => getMessages(query, signal), placeholderData: keepPreviousData });

export const useMessages = (query: MessagesQuery) => useQuery(messagesQueryOptions(query));

export async function getMessage(id: number, signal?: AbortSignal): Promise<Message> {
  return messageSchema.parse(await apiSpec(`/message/message/${id}`, { signal }));
}

export const useMessage = (id: number) =>
  useQuery({ queryKey: ['messages', 'one', id], queryFn: ({ signal }) => getMessage(id, signal), enabled: Number.isInteger(id) && id > 0 });
