import { MessageStatus, type Message, type MessageListQuery, type MessagesMarked, type MessageStatusPatch } from '@starlight/contract/messages';
import type { List } from '@starlight/contract/envelope';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { MessagesRepo } from './messages.repo';
import { toMessage } from './send.service';

/** A user's inbox: only the owner reads, patches or deletes a message; another user's id is simply not found. */
export function createInboxService({ repo }: { repo: MessagesRepo }) {
  const found = <T>(row: T | undefined): T => {
    if (!row) throw notFound('message');
    return row;
  };
  return {
    async list(actor: Actor, query: MessageListQuery): Promise<List<Message>> {
      const { rows, total } = await repo.page(
        { userId: actor.userId, status: query.field_eq_status, kind: query.field_eq_kind, titleContains: query.field_lk_title },
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      return { list: rows.map(toMessage), total };
    },

    get: async (actor: Actor, id: number): Promise<Message> => toMessage(found(await repo.byId(actor.userId, id))),

    setStatus: async (actor: Actor, id: number, patch: MessageStatusPatch): Promise<Message> =>
      toMessage(found(await repo.setStatus(actor.userId, id, patch.status))),

    markAllRead: async (actor: Actor): Promise<MessagesMarked> => ({
      changed: await repo.setAllStatus(actor.userId, MessageStatus.unread, MessageStatus.read),
    }),

    remove: async (actor: Actor, id: number): Promise<Message> => toMessage(found(await repo.remove(actor.userId, id))),
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
