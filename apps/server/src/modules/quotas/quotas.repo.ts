import { and, asc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bindings, partitions } from '../../db/schema/hpc';
import { groupAdmins, groups, users } from '../../db/schema/identity';
import { jobs } from '../../db/schema/jobs';
import { clusterQuotas, partitionGrants, partitionUserQuotas } from '../../db/schema/quotas';
import { internalError } from '../../lib/app-error';

export type GrantRow = typeof partitionGrants.$inferSelect;
export type UserQuotaRow = typeof partitionUserQuotas.$inferSelect;
export type ClusterQuotaRow = typeof clusterQuotas.$inferSelect;
type NewGrant = typeof partitionGrants.$inferInsert;
type NewUserQuota = typeof partitionUserQuotas.$inferInsert;
type NewClusterQuota = typeof clusterQuotas.$inferInsert;

/** A console user as quotas see them: group and bound account (from `bindings`, the one truth). */
export interface QuotaUser {
  id: number;
  userName: string;
  groupId: number | null;
  groupName: string | null;
  systemAccount: string | null;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Grants, user quotas and cluster quotas; and the identity facts they need (groups, group admins,
 * bound accounts) read from those tables directly, the way the users repo reads `group_admins`.
 */
export function createQuotasRepo(db: Database) {
  const userColumns = {
    id: users.id,
    userName: users.userName,
    groupId: users.groupId,
    groupName: groups.name,
    systemAccount: bindings.systemAccount,
  };
  const usersQuery = () =>
    db.select(userColumns).from(users).leftJoin(groups, eq(groups.id, users.groupId)).leftJoin(bindings, eq(bindings.userId, users.id));

  async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
    return (await rows)[0];
  }

  async function insertOrUndefined<T>(write: () => Promise<T[]>): Promise<T | undefined> {
    try {
      const [row] = await write();
      if (!row) throw internalError('quota was not written');
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  return {
    // ---------------------------------------------------------------- identity facts
    userById: (id: number): Promise<QuotaUser | undefined> => one(usersQuery().where(eq(users.id, id))),
    userByName: (name: string): Promise<QuotaUser | undefined> => one(usersQuery().where(eq(users.userName, name))),
    /** Users of these groups (null: every user), optionally bound ones only, by name. */
    usersOf(filter: { groupIds?: readonly number[]; nameContains?: string; boundOnly?: boolean }): Promise<QuotaUser[]> {
      if (filter.groupIds && filter.groupIds.length === 0) return Promise.resolve([]);
      const where: (SQL | undefined)[] = [
        filter.groupIds ? inArray(users.groupId, [...filter.groupIds]) : undefined,
        filter.nameContains ? ilike(users.userName, `%${likeEscaped(filter.nameContains)}%`) : undefined,
        filter.boundOnly ? sql`${bindings.systemAccount} is not null` : undefined,
      ];
      return usersQuery()
        .where(and(...where))
        .orderBy(asc(users.userName));
    },
    groupById: (id: number) => one(db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, id))),
    groupByName: (name: string) => one(db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.name, name))),
    allGroups: () => db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name)),
    groupNames: async (ids: readonly number[]): Promise<Map<number, string>> =>
      ids.length === 0
        ? new Map()
        : new Map((await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, [...ids]))).map((g) => [g.id, g.name])),
    async administeredGroupIds(userId: number): Promise<number[]> {
      return (await db.select({ groupId: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, userId))).map((r) => r.groupId);
    },

    /** Partition rows by cluster and name (ids for replies; a grant may name a partition without one). */
    partitionRows: () => db.select({ id: partitions.id, clusterId: partitions.clusterId, name: partitions.name }).from(partitions),
    partitionRow: (id: number) => one(db.select().from(partitions).where(eq(partitions.id, id))),

    // ---------------------------------------------------------------- grants
    allGrants: (): Promise<GrantRow[]> => db.select().from(partitionGrants).orderBy(asc(partitionGrants.clusterId), asc(partitionGrants.partitionName), asc(partitionGrants.id)),
    grant: (id: number) => one(db.select().from(partitionGrants).where(eq(partitionGrants.id, id))),
    grantFor: (clusterId: number, partitionName: string, groupId: number | null) =>
      one(
        db
          .select()
          .from(partitionGrants)
          .where(
            and(
              eq(partitionGrants.clusterId, clusterId),
              eq(partitionGrants.partitionName, partitionName),
              groupId === null ? isNull(partitionGrants.groupId) : eq(partitionGrants.groupId, groupId),
            ),
          ),
      ),
    /** Grants that reach a member of this group: the group's own and the every-group ones. */
    grantsReaching: (groupId: number | null): Promise<GrantRow[]> =>
      db
        .select()
        .from(partitionGrants)
        .where(groupId === null ? isNull(partitionGrants.groupId) : or(isNull(partitionGrants.groupId), eq(partitionGrants.groupId, groupId)))
        .orderBy(asc(partitionGrants.clusterId), asc(partitionGrants.partitionName), asc(partitionGrants.id)),
    insertGrant: (values: NewGrant) => insertOrUndefined(() => db.insert(partitionGrants).values(values).returning()),
    updateGrant: (id: number, values: Partial<NewGrant>) =>
      one(db.update(partitionGrants).set({ ...values, updatedAt: new Date() }).where(eq(partitionGrants.id, id)).returning()),
    deleteGrant: (id: number) => one(db.delete(partitionGrants).where(eq(partitionGrants.id, id)).returning()),

    // ---------------------------------------------------------------- user quotas
    allUserQuotas: (userIds?: readonly number[]): Promise<UserQuotaRow[]> =>
      userIds && userIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(partitionUserQuotas)
            .where(userIds ? inArray(partitionUserQuotas.userId, [...userIds]) : undefined)
            .orderBy(asc(partitionUserQuotas.clusterId), asc(partitionUserQuotas.partitionName), asc(partitionUserQuotas.id)),
    userQuotaFor: (clusterId: number, partitionName: string, userId: number) =>
      one(
        db
          .select()
          .from(partitionUserQuotas)
          .where(and(eq(partitionUserQuotas.clusterId, clusterId), eq(partitionUserQuotas.partitionName, partitionName), eq(partitionUserQuotas.userId, userId))),
      ),
    insertUserQuota: (values: NewUserQuota) => insertOrUndefined(() => db.insert(partitionUserQuotas).values(values).returning()),
    updateUserQuota: (id: number, values: Partial<NewUserQuota>) =>
      one(db.update(partitionUserQuotas).set({ ...values, updatedAt: new Date() }).where(eq(partitionUserQuotas.id, id)).returning()),

    // ---------------------------------------------------------------- cluster quotas
    allClusterQuotas: (): Promise<ClusterQuotaRow[]> => db.select().from(clusterQuotas).orderBy(asc(clusterQuotas.clusterId), asc(clusterQuotas.id)),
    clusterQuota: (id: number) => one(db.select().from(clusterQuotas).where(eq(clusterQuotas.id, id))),
    clusterQuotaFor: (clusterId: number, subject: { userId: number } | { groupId: number }) =>
      one(
        db
          .select()
          .from(clusterQuotas)
          .where(
            and(
              eq(clusterQuotas.clusterId, clusterId),
              'userId' in subject ? eq(clusterQuotas.userId, subject.userId) : eq(clusterQuotas.groupId, subject.groupId),
            ),
          ),
      ),
    insertClusterQuota: (values: NewClusterQuota) => insertOrUndefined(() => db.insert(clusterQuotas).values(values).returning()),
    updateClusterQuota: (id: number, values: Partial<NewClusterQuota>) =>
      one(db.update(clusterQuotas).set({ ...values, updatedAt: new Date() }).where(eq(clusterQuotas.id, id)).returning()),

    // ---------------------------------------------------------------- usage
    /** Core-seconds of the accounts' jobs on a cluster (one partition or all) submitted since `since`. */
    async coreSecondsUsed(clusterId: number, partition: string | null, accounts: readonly string[], since: Date): Promise<number> {
      if (accounts.length === 0) return 0;
      const [row] = await db
        .select({ total: sql<string | null>`sum(${jobs.coreSeconds})` })
        .from(jobs)
        .where(
          and(
            eq(jobs.clusterId, clusterId),
            partition === null ? undefined : eq(jobs.partition, partition),
            inArray(jobs.userAccount, [...accounts]),
            gte(jobs.submitTime, since),
          ),
        );
      return Number(row?.total ?? 0);
    },
  };
}

export type QuotasRepo = ReturnType<typeof createQuotasRepo>;
