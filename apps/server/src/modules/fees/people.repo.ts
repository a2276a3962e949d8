import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bindings } from '../../db/schema/hpc';
import { communities, communityAdmins, communityGroups, groupAdmins, groups, users } from '../../db/schema/identity';

/** Who a row is charged to: the user, their group and that group's community (at the time of reading). */
export interface Person {
  userId: number;
  userName: string;
  groupId: number | null;
  communityId: number | null;
  systemAccount: string | null;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Read-only lookups of identity's tables the fees need (names, memberships, administrators). */
export function createPeopleRepo(db: Database) {
  const personQuery = () =>
    db
      .select({ userId: users.id, userName: users.userName, groupId: users.groupId, communityId: communityGroups.communityId, systemAccount: bindings.systemAccount })
      .from(users)
      .leftJoin(bindings, eq(bindings.userId, users.id))
      .leftJoin(communityGroups, eq(communityGroups.groupId, users.groupId));
  const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];

  return {
    /** Bound accounts → their users (accounts nobody bound are charged to nobody, but still recorded). */
    async byAccounts(accounts: readonly string[]): Promise<Map<string, Person>> {
      if (accounts.length === 0) return new Map();
      const rows = await personQuery().where(inArray(bindings.systemAccount, [...new Set(accounts)]));
      return new Map(rows.map((r) => [r.systemAccount!, r]));
    },
    personById: (id: number) => one(personQuery().where(eq(users.id, id))),
    personByName: (name: string) => one(personQuery().where(eq(users.userName, name))),
    groupById: (id: number) => one(db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, id))),
    groupByName: (name: string) => one(db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.name, name))),
    communityById: (id: number) => one(db.select({ id: communities.id, name: communities.name }).from(communities).where(eq(communities.id, id))),
    communityByName: (name: string) => one(db.select({ id: communities.id, name: communities.name }).from(communities).where(eq(communities.name, name))),
    async administeredGroupIds(userId: number): Promise<number[]> {
      return (await db.select({ id: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, userId)).orderBy(asc(groupAdmins.groupId))).map((r) => r.id);
    },
    async administeredCommunities(userId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: communities.id, name: communities.name })
        .from(communityAdmins)
        .innerJoin(communities, eq(communities.id, communityAdmins.communityId))
        .where(eq(communityAdmins.userId, userId))
        .orderBy(asc(communities.name));
    },
    async allCommunities(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: communities.id, name: communities.name }).from(communities).orderBy(asc(communities.name));
    },
    async groupsOfCommunity(communityId: number, page?: { limit: number; offset: number }): Promise<{ list: { id: number; name: string }[]; total: number }> {
      const where = eq(communityGroups.communityId, communityId);
      const base = db.select({ id: groups.id, name: groups.name }).from(communityGroups).innerJoin(groups, eq(groups.id, communityGroups.groupId)).where(where).orderBy(asc(groups.name));
      const list = page ? await base.limit(page.limit).offset(page.offset) : await base;
      const [total] = await db.select({ n: count() }).from(communityGroups).where(where);
      return { list, total: total?.n ?? 0 };
    },
    async memberCounts(groupIds: readonly number[]): Promise<Map<number, number>> {
      if (groupIds.length === 0) return new Map();
      const rows = await db.select({ id: users.groupId, n: count() }).from(users).where(inArray(users.groupId, [...groupIds])).groupBy(users.groupId);
      return new Map(rows.map((r) => [r.id!, r.n]));
    },
    /** A group's members, paged and filtered by name. */
    async members(groupId: number, filter: { nameContains?: string; limit: number; offset: number }): Promise<{ list: Person[]; total: number }> {
      const where: SQL | undefined = and(eq(users.groupId, groupId), filter.nameContains ? ilike(users.userName, `%${likeEscaped(filter.nameContains)}%`) : undefined);
      const list = await personQuery().where(where).orderBy(asc(users.userName)).limit(filter.limit).offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { list, total: total?.n ?? 0 };
    },
    /** Users a set of allocations reaches (their own, their group's, their community's). */
    async reached(target: { userIds: number[]; groupIds: number[]; communityIds: number[] }): Promise<Person[]> {
      const parts: SQL[] = [];
      if (target.userIds.length > 0) parts.push(inArray(users.id, target.userIds));
      if (target.groupIds.length > 0) parts.push(inArray(users.groupId, target.groupIds));
      if (target.communityIds.length > 0) parts.push(inArray(communityGroups.communityId, target.communityIds));
      if (parts.length === 0) return [];
      return personQuery().where(or(...parts));
    },
  };
}

export type PeopleRepo = ReturnType<typeof createPeopleRepo>;
