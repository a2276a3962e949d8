import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { communities, communityAdmins, communityGroups, groupAdmins, groups, users } from '../../db/schema/identity';
import { isUniqueViolation, likePattern, type GroupScope } from './admin-users.repo';

// Drizzle leaves columns unqualified in single-table selects, so the outer group is named explicitly.
const groupId = sql.raw('"groups"."id"');
const memberCount = sql<number>`(select count(*) from ${users} m where m.group_id = ${groupId})`.mapWith(Number);
const adminNames = sql<string[]>`coalesce((select array_agg(u.user_name order by u.user_name) from ${groupAdmins} ga join ${users} u on u.id = ga.user_id where ga.group_id = ${groupId}), '{}')`;
const communityName = sql<string | null>`(select c.name from ${communityGroups} cg join ${communities} c on c.id = cg.community_id where cg.group_id = ${groupId})`;
const groupColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  createdAt: groups.createdAt,
  memberCount,
  admins: adminNames,
  communityName,
};

/** Groups, their members and administrators; communities and theirs (admin pages). */
export function createAdminGroupsRepo(db: Database) {
  async function describeCommunity(row: typeof communities.$inferSelect) {
      const [groupRows, adminRows] = await Promise.all([
        db.select({ id: groups.id, name: groups.name }).from(communityGroups).innerJoin(groups, eq(groups.id, communityGroups.groupId)).where(eq(communityGroups.communityId, row.id)),
        db.select({ id: users.id, name: users.userName }).from(communityAdmins).innerJoin(users, eq(users.id, communityAdmins.userId)).where(eq(communityAdmins.communityId, row.id)),
      ]);
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      return { ...row, groups: groupRows.sort(byName), admins: adminRows.sort(byName) };
    }

  return {
    async list(scope: GroupScope, nameLike: string | undefined, limit: number, offset: number) {
      const where = and(
        scope.all ? undefined : scope.groupIds.length === 0 ? sql`false` : inArray(groups.id, [...scope.groupIds]),
        nameLike ? ilike(groups.name, likePattern(nameLike)) : undefined,
      );
      const [list, [total]] = await Promise.all([
        db.select(groupColumns).from(groups).where(where).orderBy(groups.name).limit(limit).offset(offset),
        db.select({ n: count() }).from(groups).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },

    async find(ref: string | number) {
      const condition = typeof ref === 'number' ? eq(groups.id, ref) : eq(groups.name, ref);
      const [row] = await db.select(groupColumns).from(groups).where(condition);
      return row;
    },

    /** The new group's id; null when a group has the name, or a user (user and group names must not collide: image namespaces). */
    async create(name: string, description: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, name.toLowerCase()));
        if (user) return null;
        const [row] = await tx.insert(groups).values({ name, description }).onConflictDoNothing().returning({ id: groups.id });
        return row?.id ?? null;
      });
    },

    async update(id: number, description: string): Promise<void> {
      await db.update(groups).set({ description }).where(eq(groups.id, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(groups).where(eq(groups.id, id));
    },

    async isAdmin(groupId: number, userId: number): Promise<boolean> {
      const [row] = await db.select().from(groupAdmins).where(and(eq(groupAdmins.groupId, groupId), eq(groupAdmins.userId, userId)));
      return row !== undefined;
    },

    async addAdmin(groupId: number, userId: number): Promise<boolean> {
      const rows = await db.insert(groupAdmins).values({ groupId, userId }).onConflictDoNothing().returning();
      return rows.length > 0;
    },

    async removeAdmin(groupId: number, userId: number): Promise<boolean> {
      const rows = await db.delete(groupAdmins).where(and(eq(groupAdmins.groupId, groupId), eq(groupAdmins.userId, userId))).returning();
      return rows.length > 0;
    },

    /** Moves the user into the group (null: out of any); they stop administering the group they leave. */
    async setMembership(userId: number, groupId: number | null, previousGroupId: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ groupId, updatedAt: new Date() }).where(eq(users.id, userId));
        if (previousGroupId !== null && previousGroupId !== groupId)
          await tx.delete(groupAdmins).where(and(eq(groupAdmins.groupId, previousGroupId), eq(groupAdmins.userId, userId)));
      });
    },

    // ---- communities ----
    async listCommunities(communityIds: readonly number[] | 'all', nameLike: string | undefined, limit: number, offset: number) {
      const where = and(
        communityIds === 'all' ? undefined : communityIds.length === 0 ? sql`false` : inArray(communities.id, [...communityIds]),
        nameLike ? ilike(communities.name, likePattern(nameLike)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(communities).where(where).orderBy(communities.name).limit(limit).offset(offset),
        db.select({ n: count() }).from(communities).where(where),
      ]);
      return { list: await Promise.all(rows.map((row) => describeCommunity(row))), total: total?.n ?? 0 };
    },

    async findCommunity(ref: string | number) {
      const condition = typeof ref === 'number' ? eq(communities.id, ref) : eq(communities.name, ref);
      const [row] = await db.select().from(communities).where(condition);
      return row ? describeCommunity(row) : undefined;
    },

    /** Communities the user administers. */
    async communityIdsAdministeredBy(userId: number): Promise<number[]> {
      const rows = await db.select({ id: communityAdmins.communityId }).from(communityAdmins).where(eq(communityAdmins.userId, userId));
      return rows.map((r) => r.id);
    },

    async createCommunity(name: string, description: string): Promise<number | null> {
      const [row] = await db.insert(communities).values({ name, description }).onConflictDoNothing().returning({ id: communities.id });
      return row?.id ?? null;
    },

    async updateCommunity(id: number, description: string): Promise<void> {
      await db.update(communities).set({ description }).where(eq(communities.id, id));
    },

    async deleteCommunity(id: number): Promise<void> {
      await db.delete(communities).where(eq(communities.id, id));
    },

    /** false when the group already belongs to a community (this or another). */
    async addCommunityGroup(communityId: number, groupId: number): Promise<boolean> {
      try {
        const rows = await db.insert(communityGroups).values({ communityId, groupId }).onConflictDoNothing().returning();
        return rows.length > 0;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async removeCommunityGroup(communityId: number, groupId: number): Promise<boolean> {
      const rows = await db.delete(communityGroups).where(and(eq(communityGroups.communityId, communityId), eq(communityGroups.groupId, groupId))).returning();
      return rows.length > 0;
    },

    async addCommunityAdmin(communityId: number, userId: number): Promise<boolean> {
      const rows = await db.insert(communityAdmins).values({ communityId, userId }).onConflictDoNothing().returning();
      return rows.length > 0;
    },

    async removeCommunityAdmin(communityId: number, userId: number): Promise<boolean> {
      const rows = await db.delete(communityAdmins).where(and(eq(communityAdmins.communityId, communityId), eq(communityAdmins.userId, userId))).returning();
      return rows.length > 0;
    },
  };
}

export type AdminGroupsRepo = ReturnType<typeof createAdminGroupsRepo>;
