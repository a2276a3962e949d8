import { eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { communities, communityAdmins, communityGroups, groupAdmins, groups, users } from '../../db/schema/identity';
import { internalError } from '../../lib/app-error';

export function createGroupsRepo(db: Database) {
  return {
    /** The group's id, creating the group when it does not exist yet. */
    async ensure(name: string, description: string): Promise<number> {
      const [row] = await db
        .insert(groups)
        .values({ name, description })
        .onConflictDoUpdate({ target: groups.name, set: { name } })
        .returning({ id: groups.id });
      if (!row) throw internalError(`group ${name} was not written`);
      return row.id;
    },

    /** Names of the user's own group, the groups they administer and the groups of communities they administer. */
    async namesVisibleTo(userId: number): Promise<string[]> {
      const own = db.select({ id: users.groupId }).from(users).where(eq(users.id, userId));
      const administered = db.select({ id: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, userId));
      const viaCommunity = db
        .select({ id: communityGroups.groupId })
        .from(communityGroups)
        .where(inArray(communityGroups.communityId, db.select({ id: communityAdmins.communityId }).from(communityAdmins).where(eq(communityAdmins.userId, userId))));
      const rows = await db.select({ name: groups.name }).from(groups).where(or(inArray(groups.id, own), inArray(groups.id, administered), inArray(groups.id, viaCommunity)));
      return rows.map((r) => r.name);
    },

    /** Every group in a community, with the community's name (statistics: core- and GPU-hours by community). */
    async communityByGroup(): Promise<{ group: string; community: string }[]> {
      return db
        .select({ group: groups.name, community: communities.name })
        .from(communityGroups)
        .innerJoin(groups, eq(groups.id, communityGroups.groupId))
        .innerJoin(communities, eq(communities.id, communityGroups.communityId));
    },

    async addAdmin(groupId: number, userId: number): Promise<void> {
      await db.insert(groupAdmins).values({ groupId, userId }).onConflictDoNothing();
    },
  };
}

export type GroupsRepo = ReturnType<typeof createGroupsRepo>;
