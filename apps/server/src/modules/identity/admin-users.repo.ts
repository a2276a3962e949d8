import { and, count, eq, exists, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { communityAdmins, communities, communityGroups, groupAdmins, groups, roles, sessions, userRoles, users } from '../../db/schema/identity';

/** Which groups an administrator sees: every one, or exactly these. */
export type GroupScope = { all: true } | { all: false; groupIds: readonly number[] };

export interface UserFilters {
  nameLike?: string | undefined;
  groupName?: string | undefined;
  state?: 'active' | 'disabled' | undefined;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` typed by a user are literal characters, not wildcards. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const isGroupAdmin = sql<boolean>`exists (select 1 from ${groupAdmins} where ${groupAdmins.userId} = ${users.id} and ${groupAdmins.groupId} = ${users.groupId})`;

const userColumns = { user: users, groupName: groups.name, groupAdmin: isGroupAdmin };

export function scopeCondition(scope: GroupScope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.groupIds.length === 0) return sql`false`;
  return inArray(users.groupId, [...scope.groupIds]);
}

export function createAdminUsersRepo(db: Database) {
  return {
    async list(scope: GroupScope, filters: UserFilters) {
      const where = and(
        scopeCondition(scope),
        filters.nameLike ? ilike(users.userName, likePattern(filters.nameLike)) : undefined,
        filters.groupName ? eq(groups.name, filters.groupName) : undefined,
        filters.state ? eq(users.disabled, filters.state === 'disabled') : undefined,
      );
      const [list, [total]] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .leftJoin(groups, eq(groups.id, users.groupId))
          .where(where)
          .orderBy(users.userName)
          .limit(filters.limit)
          .offset(filters.offset),
        db.select({ n: count() }).from(users).leftJoin(groups, eq(groups.id, users.groupId)).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },

    /** By numeric id, or by user name when `ref` is not all digits. */
    async find(ref: string | number) {
      const condition = typeof ref === 'number' || /^\d+$/.test(ref) ? eq(users.id, Number(ref)) : eq(users.userName, ref);
      const [row] = await db.select(userColumns).from(users).leftJoin(groups, eq(groups.id, users.groupId)).where(condition);
      return row;
    },

    async membersOf(groupId: number) {
      return db.select(userColumns).from(users).leftJoin(groups, eq(groups.id, users.groupId)).where(eq(users.groupId, groupId)).orderBy(users.userName);
    },

    async update(id: number, values: Partial<typeof users.$inferInsert>): Promise<'ok' | 'conflict'> {
      try {
        await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'conflict';
        throw error;
      }
    },

    /** Disabling ends every session of the user at once (and the switched-to sessions they started). */
    async setDisabled(id: number, disabled: boolean, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ disabled, updatedAt: at }).where(eq(users.id, id));
        if (disabled)
          await tx
            .update(sessions)
            .set({ revokedAt: at })
            .where(and(isNull(sessions.revokedAt), sql`(${sessions.userId} = ${id} or ${sessions.impersonatorUserId} = ${id})`));
      });
    },

    /**
     * Why the user may not be deleted outright, or null: anyone who ever signed in, holds a
     * system account (jobs and files run as it) or administers a group or community stays,
     * disabled, so jobs, files and the audit trail keep naming a real account.
     */
    async deleteBlocker(id: number): Promise<string | null> {
      const [row] = await db
        .select({
          lastLoginAt: users.lastLoginAt,
          systemAccount: users.systemAccount,
          sessions: sql<number>`(select count(*) from ${sessions} where ${sessions.userId} = ${id})`.mapWith(Number),
          adminOf: sql<number>`(select count(*) from ${groupAdmins} where ${groupAdmins.userId} = ${id}) + (select count(*) from ${communityAdmins} where ${communityAdmins.userId} = ${id})`.mapWith(Number),
        })
        .from(users)
        .where(eq(users.id, id));
      if (!row) return null;
      if (row.systemAccount) return 'the user has a bound system account';
      if (row.lastLoginAt || row.sessions > 0) return 'the user has signed in';
      if (row.adminOf > 0) return 'the user administers a group or community';
      return null;
    },

    async delete(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    async rolesOf(userId: number) {
      return db
        .select({ id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(roles.name);
    },

    async administered(userId: number) {
      const [groupRows, communityRows] = await Promise.all([
        db.select({ name: groups.name }).from(groupAdmins).innerJoin(groups, eq(groups.id, groupAdmins.groupId)).where(eq(groupAdmins.userId, userId)),
        db
          .select({ name: communities.name })
          .from(communityAdmins)
          .innerJoin(communities, eq(communities.id, communityAdmins.communityId))
          .where(eq(communityAdmins.userId, userId)),
      ]);
      return { groups: groupRows.map((r) => r.name).sort(), communities: communityRows.map((r) => r.name).sort() };
    },

    async userRoles(filters: { userName?: string | undefined; roleName?: string | undefined; limit: number; offset: number }) {
      const where = and(
        filters.userName ? eq(users.userName, filters.userName) : undefined,
        filters.roleName ? eq(roles.name, filters.roleName) : undefined,
      );
      const [list, [total]] = await Promise.all([
        db
          .select({ user_id: users.id, user_name: users.userName, role_id: roles.id, role_name: roles.name })
          .from(userRoles)
          .innerJoin(users, eq(users.id, userRoles.userId))
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(where)
          .orderBy(users.userName, roles.name)
          .limit(filters.limit)
          .offset(filters.offset),
        db.select({ n: count() }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },

    async setRoles(userId: number, roleIds: readonly number[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
      });
    },

    /** Groups whose administrators include the user, and groups of communities they administer. */
    async administeredGroupIds(userId: number): Promise<{ asGroupAdmin: number[]; viaCommunity: number[] }> {
      const [direct, viaCommunity] = await Promise.all([
        db.select({ id: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, userId)),
        db
          .select({ id: communityGroups.groupId })
          .from(communityGroups)
          .where(exists(db.select().from(communityAdmins).where(and(eq(communityAdmins.userId, userId), eq(communityAdmins.communityId, communityGroups.communityId))))),
      ]);
      return { asGroupAdmin: direct.map((r) => r.id), viaCommunity: viaCommunity.map((r) => r.id) };
    },
  };
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

export type AdminUsersRepo = ReturnType<typeof createAdminUsersRepo>;
