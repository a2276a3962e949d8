import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { communities, communityGroups, groupAdmins, groups, users } from '../../db/schema/identity';
import { messageSendRecipients, messageSends } from '../../db/schema/messages';
import { createMessagesRepo, type MessagesRepo } from './messages.repo';

export type SendRow = typeof messageSends.$inferSelect;
export type NewSendRow = typeof messageSends.$inferInsert;

/** Who a send reaches: users by id, the members of groups, of the groups of communities, or every user. */
export type Audience = { userIds: number[] } | { groupIds: number[] } | { communityIds: number[] } | { everyone: true };

export interface PendingRecipient {
  userId: number;
  userName: string;
  realName: string | null;
  groupName: string | null;
}

const enabled = eq(users.disabled, false);

function audienceWhere(audience: Audience): SQL | undefined {
  if ('userIds' in audience) return and(enabled, inArray(users.id, audience.userIds));
  if ('groupIds' in audience) return and(enabled, inArray(users.groupId, audience.groupIds));
  if ('communityIds' in audience)
    return and(enabled, inArray(users.groupId, sql`(select ${communityGroups.groupId} from ${communityGroups} where ${inArray(communityGroups.communityId, audience.communityIds)})`));
  return enabled;
}

export function createTemplateSendsRepo(db: Database) {
  return {
    /** The ids among `ids` that exist (users, groups or communities), to name the unknown ones. */
    async existing(table: 'users' | 'groups' | 'communities', ids: readonly number[]): Promise<Set<number>> {
      const rows =
        table === 'users'
          ? await db.select({ id: users.id }).from(users).where(inArray(users.id, [...ids]))
          : table === 'groups'
            ? await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, [...ids]))
            : await db.select({ id: communities.id }).from(communities).where(inArray(communities.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    async administeredGroups(userId: number): Promise<Set<number>> {
      return new Set((await db.select({ id: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, userId))).map((r) => r.id));
    },

    /** The send row and one pending recipient row per user of the audience, in one transaction. */
    async create(values: NewSendRow, audience: Audience): Promise<SendRow> {
      return db.transaction(async (tx) => {
        const [send] = await tx.insert(messageSends).values(values).returning();
        await tx.execute(
          sql`insert into ${messageSendRecipients} (send_id, user_id) select ${send!.id}::int, ${users.id} from ${users} where ${audienceWhere(audience)} on conflict do nothing`,
        );
        const [n] = await tx.select({ n: count() }).from(messageSendRecipients).where(eq(messageSendRecipients.sendId, send!.id));
        const [row] = await tx
          .update(messageSends)
          .set({ total: n?.n ?? 0 })
          .where(eq(messageSends.id, send!.id))
          .returning();
        return row!;
      });
    },

    get: async (id: number): Promise<SendRow | undefined> => (await db.select().from(messageSends).where(eq(messageSends.id, id)))[0],

    async delivered(id: number): Promise<number> {
      const [n] = await db
        .select({ n: count() })
        .from(messageSendRecipients)
        .where(and(eq(messageSendRecipients.sendId, id), eq(messageSendRecipients.state, 'delivered')));
      return n?.n ?? 0;
    },

    unfinished: async (): Promise<SendRow[]> => db.select().from(messageSends).where(eq(messageSends.state, 'pending')).orderBy(asc(messageSends.id)),

    /**
     * One batch in one transaction: `work` gets up to `limit` pending recipients (locked) and a messages
     * repo on the same transaction, and answers each recipient's message id (null: had it already);
     * they are marked delivered before the commit. Answers how many it handled and what work returned.
     */
    async batch<T>(sendId: number, limit: number, work: (pending: PendingRecipient[], messages: MessagesRepo) => Promise<{ links: { userId: number; messageId: number | null }[]; result: T }>): Promise<{ handled: number; result: T | null }> {
      return db.transaction(async (tx) => {
        const pending = await this.lockPending(tx, sendId, limit);
        if (pending.length === 0) return { handled: 0, result: null };
        const { links, result } = await work(pending, createMessagesRepo(tx));
        await this.markDelivered(tx, sendId, links);
        return { handled: pending.length, result };
      });
    },

    /**
     * In the caller's transaction: up to `limit` pending recipients, locked (another instance's batch
     * skips them), with what the per-user variables need.
     */
    async lockPending(tx: Database, sendId: number, limit: number): Promise<PendingRecipient[]> {
      const locked = await tx
        .select({ userId: messageSendRecipients.userId })
        .from(messageSendRecipients)
        .where(and(eq(messageSendRecipients.sendId, sendId), eq(messageSendRecipients.state, 'pending')))
        .orderBy(asc(messageSendRecipients.userId))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (locked.length === 0) return [];
      return tx
        .select({ userId: users.id, userName: users.userName, realName: users.realName, groupName: groups.name })
        .from(users)
        .leftJoin(groups, eq(groups.id, users.groupId))
        .where(
          inArray(
            users.id,
            locked.map((r) => r.userId),
          ),
        );
    },

    /** In the caller's transaction: these recipients have their message (or had it already: messageId null). */
    async markDelivered(tx: Database, sendId: number, links: readonly { userId: number; messageId: number | null }[]): Promise<void> {
      if (links.length === 0) return;
      const values = sql.join(
        links.map((l) => sql`(${l.userId}::int, ${l.messageId}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${messageSendRecipients} set state = 'delivered', message_id = v.m from (values ${values}) as v(u, m) where ${messageSendRecipients.sendId} = ${sendId}::int and ${messageSendRecipients.userId} = v.u`,
      );
    },

    /** Recipients no longer there (deleted users cascade) leave nothing pending: done when none is. */
    async finishIfDone(sendId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(messageSends)
        .set({ state: 'done', finishedAt: now })
        .where(
          and(
            eq(messageSends.id, sendId),
            eq(messageSends.state, 'pending'),
            sql`not exists (select 1 from ${messageSendRecipients} where ${messageSendRecipients.sendId} = ${sendId}::int and ${messageSendRecipients.state} = 'pending')`,
          ),
        )
        .returning({ id: messageSends.id });
      return rows.length > 0;
    },
  };
}

export type TemplateSendsRepo = ReturnType<typeof createTemplateSendsRepo>;
