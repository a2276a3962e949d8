import { count, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groups, userRoles, users } from '../../db/schema/identity';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function createUsersRepo(db: Database) {
  return {
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

    /** Inserts the user and their roles together; undefined when the name, e-mail or phone is taken. */
    async insertWithRoles(values: NewUserRow, roleIds: readonly number[]): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
        if (row && roleIds.length > 0)
          await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
        return row;
      });
    },

    async touchLastLogin(id: number, at: Date): Promise<void> {
      await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
