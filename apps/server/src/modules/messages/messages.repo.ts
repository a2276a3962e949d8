import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema/messages';
import { internalError } from '../../lib/app-error';

export type MessageRow = typeof messages.$inferSelect;

export interface MessageFilter {
  userId: number;
  status?: number;
  titleContains?: string;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createMessagesRepo(db: Database) {
  const where = (filter: MessageFilter): SQL | undefined =>
    and(
      eq(messages.userId, filter.userId),
      filter.status === undefined ? undefined : eq(messages.status, filter.status),
      filter.titleContains ? ilike(messages.title, `%${likeEscaped(filter.titleContains)}%`) : undefined,
    );

  return {
    /** Newest first. */
    async page(filter: MessageFilter, offset: number, limit: number): Promise<{ rows: MessageRow[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db.select().from(messages).where(where(filter)).orderBy(desc(messages.createdAt), desc(messages.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(messages).where(where(filter)),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    /** Updates only a message the user owns; undefined when there is none with that id for them. */
    async setStatus(userId: number, id: number, status: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ status })
        .where(and(eq(messages.id, id), eq(messages.userId, userId)))
        .returning();
      return row;
    },

    async insert(values: typeof messages.$inferInsert): Promise<MessageRow> {
      const [row] = await db.insert(messages).values(values).returning();
      if (!row) throw internalError('message was not written');
      return row;
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
