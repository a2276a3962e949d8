import { MessageStatus, type Message, type MessageListQuery, type MessageStatusPatch } from '@starlight/contract/messages';
import type { List } from '@starlight/contract/envelope';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { MessageRow, MessagesRepo } from './messages.repo';

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  status: row.status,
  title: row.title,
  content: row.content,
  created_at: row.createdAt.toISOString(),
});

export interface NewMessage {
  title: string;
  content: string;
  status?: number;
  createdAt?: Date;
}

/** A user's messages: only the owner lists or patches them; another user's id is simply not found. */
export function createMessagesService({ repo }: { repo: MessagesRepo }) {
  return {
    async list(actor: Actor, query: MessageListQuery): Promise<List<Message>> {
      const { rows, total } = await repo.page(
        { userId: actor.userId, status: query.field_eq_status, titleContains: query.field_lk_title },
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      return { list: rows.map(toMessage), total };
    },

    async setStatus(actor: Actor, id: number, patch: MessageStatusPatch): Promise<Message> {
      const row = await repo.setStatus(actor.userId, id, patch.status);
      if (!row) throw notFound('message');
      return toMessage(row);
    },

    /** Delivers a message to a user (seed data now; notifications later). */
    async send(userId: number, message: NewMessage): Promise<Message> {
      const row = await repo.insert({
        userId,
        title: message.title,
        content: message.content,
        status: message.status ?? MessageStatus.unread,
        ...(message.createdAt ? { createdAt: message.createdAt } : {}),
      });
      return toMessage(row);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
