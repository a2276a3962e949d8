import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partitionStorages, storageQuotas, storages } from '../../db/schema/cluster-storage';
import { groupAdmins, groups, users } from '../../db/schema/identity';

export type StorageRow = typeof storages.$inferSelect;
export type StorageQuotaRow = typeof storageQuotas.$inferSelect;
export interface MemberRow {
  id: number;
  userName: string;
  groupId: number | null;
  systemAccount: string | null;
}

/** Storages, their partition relations and quotas: rows only, the rules are the services'. */
export function createStoragesRepo(db: Database) {
  const memberColumns = { id: users.id, userName: users.userName, groupId: users.groupId, systemAccount: users.systemAccount };
  return {
    all: (): Promise<StorageRow[]> => db.select().from(storages).orderBy(asc(storages.clusterId), asc(storages.id)),
    async get(id: number): Promise<StorageRow | undefined> {
      const [row] = await db.select().from(storages).where(eq(storages.id, id));
      return row;
    },
    async byName(clusterId: number, name: string): Promise<StorageRow | undefined> {
      const [row] = await db.select().from(storages).where(and(eq(storages.clusterId, clusterId), eq(storages.name, name)));
      return row;
    },
    async insert(values: typeof storages.$inferInsert): Promise<StorageRow | undefined> {
      const [row] = await db.insert(storages).values(values).onConflictDoNothing().returning();
      return row;
    },
    async update(id: number, values: Partial<typeof storages.$inferInsert>): Promise<StorageRow | undefined> {
      const [row] = await db.update(storages).set({ ...values, updatedAt: new Date() }).where(eq(storages.id, id)).returning();
      return row;
    },
    async remove(id: number): Promise<boolean> {
      return (await db.delete(storages).where(eq(storages.id, id)).returning({ id: storages.id })).length > 0;
    },

    relations: (): Promise<(typeof partitionStorages.$inferSelect)[]> =>
      db.select().from(partitionStorages).orderBy(asc(partitionStorages.storageId), asc(partitionStorages.partitionName)),
    async relate(storageId: number, partitionName: string): Promise<boolean> {
      return (await db.insert(partitionStorages).values({ storageId, partitionName }).onConflictDoNothing().returning()).length > 0;
    },
    async unrelate(storageId: number, partitionName: string): Promise<boolean> {
      const gone = await db
        .delete(partitionStorages)
        .where(and(eq(partitionStorages.storageId, storageId), eq(partitionStorages.partitionName, partitionName)))
        .returning();
      return gone.length > 0;
    },

    quotas: (storageIds?: readonly number[]): Promise<StorageQuotaRow[]> =>
      storageIds ? db.select().from(storageQuotas).where(inArray(storageQuotas.storageId, [...storageIds, -1])) : db.select().from(storageQuotas),
    async userQuota(storageId: number, userId: number): Promise<StorageQuotaRow | undefined> {
      const [row] = await db.select().from(storageQuotas).where(and(eq(storageQuotas.storageId, storageId), eq(storageQuotas.userId, userId)));
      return row;
    },
    async groupQuota(storageId: number, groupId: number): Promise<StorageQuotaRow | undefined> {
      const [row] = await db.select().from(storageQuotas).where(and(eq(storageQuotas.storageId, storageId), eq(storageQuotas.groupId, groupId)));
      return row;
    },
    /** Writes the limit (and the expiry when given), creating the row on first use. */
    async upsertQuota(subject: { storageId: number; userId?: number; groupId?: number }, values: { limitBytes?: number | null; expiresAt?: Date | null }): Promise<StorageQuotaRow> {
      const target = subject.userId !== undefined ? [storageQuotas.storageId, storageQuotas.userId] : [storageQuotas.storageId, storageQuotas.groupId];
      const set = { ...values, updatedAt: new Date() };
      const [row] = await db
        .insert(storageQuotas)
        .values({ storageId: subject.storageId, userId: subject.userId ?? null, groupId: subject.groupId ?? null, limitBytes: values.limitBytes ?? null, expiresAt: values.expiresAt ?? null })
        .onConflictDoUpdate({ target, set })
        .returning();
      return row!;
    },

    async user(userName: string): Promise<MemberRow | undefined> {
      const [row] = await db.select(memberColumns).from(users).where(eq(users.userName, userName));
      return row;
    },
    usersByIds: (ids: readonly number[]): Promise<MemberRow[]> => db.select(memberColumns).from(users).where(inArray(users.id, [...ids, -1])),
    /** Users of the given groups (all users when undefined), by name, at most `limit`. */
    async members(groupIds: readonly number[] | undefined, nameContains: string | undefined, limit: number): Promise<MemberRow[]> {
      const filters = [
        groupIds ? inArray(users.groupId, [...groupIds, -1]) : undefined,
        nameContains ? sql`position(lower(${nameContains}) in lower(${users.userName})) > 0` : undefined,
      ].filter((f) => f !== undefined);
      return db
        .select(memberColumns)
        .from(users)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(asc(users.userName))
        .limit(limit);
    },
    boundMembers: (groupId: number): Promise<MemberRow[]> =>
      db.select(memberColumns).from(users).where(and(eq(users.groupId, groupId), isNotNull(users.systemAccount))),
    async memberCounts(groupIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await db
        .select({ groupId: users.groupId, n: sql<number>`count(*)::int` })
        .from(users)
        .where(inArray(users.groupId, [...groupIds, -1]))
        .groupBy(users.groupId);
      return new Map(rows.map((r) => [r.groupId!, Number(r.n)]));
    },
    groups: (ids?: readonly number[]): Promise<{ id: number; name: string }[]> =>
      db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(ids ? inArray(groups.id, [...ids, -1]) : undefined)
        .orderBy(asc(groups.name)),
    async administeredGroups(userId: number): Promise<number[]> {
      return (await db.select({ id: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, userId))).map((r) => r.id);
    },
  };
}

export type StoragesRepo = ReturnType<typeof createStoragesRepo>;
