import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageDeliveries, messages } from '../../db/schema/messages';
import { internalError } from '../../lib/app-error';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export interface MessageFilter {
  userId: number;
  status?: number;
  kind?: string;
  titleContains?: string;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createMessagesRepo(db: Database) {
  const where = (filter: MessageFilter): SQL | undefined =>
    and(
      eq(messages.userId, filter.userId),
      filter.status === undefined ? undefined : eq(messages.status, filter.status),
      filter.kind === undefined ? undefined : eq(messages.kind, filter.kind),
      filter.titleContains ? ilike(messages.title, `%${likeEscaped(filter.titleContains)}%`) : undefined,
    );
  const mine = (userId: number, id: number) => and(eq(messages.id, id), eq(messages.userId, userId));

  return {
    /** Newest first. */
    async page(filter: MessageFilter, offset: number, limit: number): Promise<{ rows: MessageRow[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db.select().from(messages).where(where(filter)).orderBy(desc(messages.createdAt), desc(messages.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(messages).where(where(filter)),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    async byId(userId: number, id: number): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(mine(userId, id));
      return row;
    },

    /** Updates only a message the user owns; undefined when there is none with that id for them. */
    async setStatus(userId: number, id: number, status: number): Promise<MessageRow | undefined> {
      const [row] = await db.update(messages).set({ status }).where(mine(userId, id)).returning();
      return row;
    },

    /** Every message of the user in `from` status gets `to`; how many changed. */
    async setAllStatus(userId: number, from: number, to: number): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ status: to })
        .where(and(eq(messages.userId, userId), eq(messages.status, from)))
        .returning({ id: messages.id });
      return rows.length;
    },

    async remove(userId: number, id: number): Promise<MessageRow | undefined> {
      const [row] = await db.delete(messages).where(mine(userId, id)).returning();
      return row;
    },

    async insert(values: NewMessageRow): Promise<MessageRow> {
      const [row] = await db.insert(messages).values(values).returning();
      if (!row) throw internalError('message was not written');
      return row;
    },

    async insertMany(values: NewMessageRow[]): Promise<MessageRow[]> {
      return values.length === 0 ? [] : db.insert(messages).values(values).returning();
    },

    /**
     * Claims one delivery row per user; with a dedupe key a user already holding it is not claimed
     * again (unique user+key). Answers the claimed rows (id, userId).
     */
    async claimDeliveries(userIds: readonly number[], kind: string, dedupeKey: string | null): Promise<{ id: number; userId: number }[]> {
      if (userIds.length === 0) return [];
      return db
        .insert(messageDeliveries)
        .values(userIds.map((userId) => ({ userId, kind, dedupeKey })))
        .onConflictDoNothing()
        .returning({ id: messageDeliveries.id, userId: messageDeliveries.userId });
    },

    /** Each delivery row gets its message (one statement: a batch links hundreds). */
    async linkMessages(links: readonly { deliveryId: number; messageId: number }[]): Promise<void> {
      if (links.length === 0) return;
      const values = sql.join(links.map((l) => sql`(${l.deliveryId}::int, ${l.messageId}::int)`), sql`, `);
      await db.execute(sql`update ${messageDeliveries} set message_id = v.m from (values ${values}) as v(d, m) where ${messageDeliveries.id} = v.d`);
    },

    async linkDelivery(id: number, values: { messageId?: number; emailState?: string }): Promise<void> {
      await db.update(messageDeliveries).set(values).where(eq(messageDeliveries.id, id));
    },

    async deliveriesOf(userIds: readonly number[], kind?: string) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(messageDeliveries)
        .where(and(inArray(messageDeliveries.userId, [...userIds]), kind ? eq(messageDeliveries.kind, kind) : undefined));
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
