import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bindings, bindUuids } from '../../db/schema/hpc';
import { users } from '../../db/schema/identity';

export type BindingRow = typeof bindings.$inferSelect;

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function createBindingRepo(db: Database) {
  return {
    async insertUuid(values: typeof bindUuids.$inferInsert): Promise<void> {
      await db.insert(bindUuids).values(values);
    },

    /** Unused, unexpired and the user's own. */
    async uuidUsable(uuid: string, userId: number, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ uuid: bindUuids.uuid })
        .from(bindUuids)
        .where(and(eq(bindUuids.uuid, uuid), eq(bindUuids.userId, userId), isNull(bindUuids.usedAt), gt(bindUuids.expiresAt, now)));
      return row !== undefined;
    },

    /**
     * Binds in one transaction: the uuid is spent (only if still usable) and the binding written; false
     * when the uuid was spent meanwhile or the user or account is already bound (unique constraints).
     */
    async bind(uuid: string, userId: number, systemAccount: string, now: Date): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          const spent = await tx
            .update(bindUuids)
            .set({ usedAt: now })
            .where(and(eq(bindUuids.uuid, uuid), eq(bindUuids.userId, userId), isNull(bindUuids.usedAt), gt(bindUuids.expiresAt, now)))
            .returning({ uuid: bindUuids.uuid });
          if (spent.length === 0) return false;
          await tx.insert(bindings).values({ userId, systemAccount, createdAt: now });
          return true;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /**
     * Records the bindings that user records carry without a binding row (seed data, imports): one
     * statement however many users; nothing for a user or account already bound.
     */
    async adoptFromUsers(): Promise<void> {
      await db.execute(sql`
        insert into ${bindings} (user_id, system_account)
        select ${users.id}, ${users.systemAccount} from ${users}
        where ${users.systemAccount} is not null and ${users.status} & 1 = 1
        on conflict do nothing`);
    },

    async byUser(userId: number): Promise<BindingRow | undefined> {
      const [row] = await db.select().from(bindings).where(eq(bindings.userId, userId));
      return row;
    },

    async byAccount(systemAccount: string): Promise<BindingRow | undefined> {
      const [row] = await db.select().from(bindings).where(eq(bindings.systemAccount, systemAccount));
      return row;
    },

    byUsers: (userIds: readonly number[]): Promise<BindingRow[]> =>
      userIds.length === 0 ? Promise.resolve([]) : db.select().from(bindings).where(inArray(bindings.userId, [...userIds])),

    allAccounts: async (): Promise<string[]> =>
      (await db.select({ account: bindings.systemAccount }).from(bindings)).map((row) => row.account),

    async removeByUser(userId: number): Promise<BindingRow | undefined> {
      const [row] = await db.delete(bindings).where(eq(bindings.userId, userId)).returning();
      return row;
    },
  };
}

export type BindingRepo = ReturnType<typeof createBindingRepo>;
