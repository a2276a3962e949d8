import { count, eq, inArray, or, sql } from 'drizzle-orm';
import { isReservedNamespace } from '@starlight/contract/validators';
import type { Database } from '../../db/client';
import { groupAdmins, groups, userRoles, users } from '../../db/schema/identity';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function createUsersRepo(db: Database) {
  return {
    /** Accounts created in [from, to) (statistics: new registrations). */
    registeredBetween: (from: Date, to: Date) =>
      db.select({ userName: users.userName }).from(users).where(sql`${users.createdAt} >= ${from.toISOString()} and ${users.createdAt} < ${to.toISOString()}`),
    /** The login name may be the user name, the e-mail or the phone number, tried in that order. */
    async findByLoginName(name: string): Promise<UserRow | undefined> {
      const lowered = name.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(users.userName, lowered), eq(users.email, lowered), eq(users.telephone, name)))
        .orderBy(sql`case when ${users.userName} = ${lowered} then 0 when ${users.email} = ${lowered} then 1 else 2 end`)
        .limit(1);
      return row;
    },

    async findByUserName(userName: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.userName, userName));
      return row;
    },

    async findWithGroup(id: number) {
      const [row] = await db
        .select({ user: users, groupName: groups.name })
        .from(users)
        .leftJoin(groups, eq(groups.id, users.groupId))
        .where(eq(users.id, id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    /** The group whose name equals this user name (case-insensitively), if any: user and group names must not collide (image namespaces). */
    async groupNamed(name: string): Promise<string | undefined> {
      const [row] = await db.select({ name: groups.name }).from(groups).where(sql`lower(${groups.name}) = ${name.toLowerCase()}`);
      return row?.name;
    },

    /**
     * Inserts the user and their roles together; undefined when the name, e-mail or phone is taken, or when
     * the name is reserved or a group's (callers check first to name the reason; this is the last guard).
     */
    async insertWithRoles(values: NewUserRow, roleIds: readonly number[]): Promise<UserRow | undefined> {
      if (isReservedNamespace(values.userName)) return undefined;
      return db.transaction(async (tx) => {
        const [clash] = await tx.select({ id: groups.id }).from(groups).where(sql`lower(${groups.name}) = ${values.userName.toLowerCase()}`);
        if (clash) return undefined;
        const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
        if (row && roleIds.length > 0)
          await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
        return row;
      });
    },

    /**
     * Sets or clears the bound system account together with status bit 1 (spec §6: binded_account is
     * held exactly when the bit is set). False when another user already holds the account.
     */
    async setSystemAccount(id: number, systemAccount: string | null): Promise<boolean> {
      const status = systemAccount === null ? sql`${users.status} & ~1` : sql`${users.status} | 1`;
      const rows = await db
        .update(users)
        .set({ systemAccount, status, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning({ id: users.id })
        .catch((error: unknown) => {
          if ((error as { code?: string; cause?: { code?: string } }).code === '23505') return [];
          if ((error as { cause?: { code?: string } }).cause?.code === '23505') return [];
          throw error;
        });
      return rows.length > 0;
    },

    /** The users of this user's own group and of the groups they administer (themselves included). */
    async groupMateIds(id: number): Promise<number[]> {
      const [me] = await db.select({ groupId: users.groupId }).from(users).where(eq(users.id, id));
      const administered = await db.select({ groupId: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, id));
      const groupIds = [...new Set([me?.groupId, ...administered.map((row) => row.groupId)].filter((g): g is number => typeof g === 'number'))];
      if (groupIds.length === 0) return [];
      const rows = await db.select({ id: users.id }).from(users).where(inArray(users.groupId, groupIds));
      return rows.map((row) => row.id);
    },

    async touchLastLogin(id: number, at: Date): Promise<void> {
      await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
