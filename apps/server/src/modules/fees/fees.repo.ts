import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clusters, partitions } from '../../db/schema/hpc';
import { feeAccountFlags, feeAllocations, feePrices, feeSchedulerLimits, feeSettings, feeSnaps, feeSyncState, feeUsage } from '../../db/schema/fees';
import { users } from '../../db/schema/identity';

export type UsageRow = typeof feeUsage.$inferSelect;
export type NewUsageRow = typeof feeUsage.$inferInsert;
export type AllocationRow = typeof feeAllocations.$inferSelect;
export type NewAllocationRow = typeof feeAllocations.$inferInsert;
export type FlagRow = typeof feeAccountFlags.$inferSelect;
export type SnapRow = typeof feeSnaps.$inferSelect;
export type Scope = AllocationRow['scope'];

/** Whose usage: a user, a group or a community (rows carry all three, as charged). */
export interface UsageFilter {
  userIds?: readonly number[];
  groupId?: number;
  communityId?: number;
  clusterName?: string | null;
  from: Date;
  /** Exclusive; null: open. */
  to: Date | null;
}

export interface UsageTotals {
  coreSeconds: number;
  cpuSeconds: number;
  gpuSeconds: number;
  cost: number;
  jobs: number;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const totals = {
  coreSeconds: sql<number>`coalesce(sum(${feeUsage.coreSeconds}), 0)::float8`,
  cpuSeconds: sql<number>`coalesce(sum(${feeUsage.cpuSeconds}), 0)::float8`,
  gpuSeconds: sql<number>`coalesce(sum(${feeUsage.gpuSeconds}), 0)::float8`,
  cost: sql<number>`coalesce(sum(${feeUsage.cost}), 0)::float8`,
  jobs: sql<number>`count(*)::int`,
};

export function createFeesRepo(db: Database) {
  const one = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];

  function usageWhere(filter: UsageFilter): SQL | undefined {
    return and(
      filter.userIds ? (filter.userIds.length === 0 ? sql`false` : inArray(feeUsage.userId, [...filter.userIds])) : undefined,
      filter.groupId === undefined ? undefined : eq(feeUsage.groupId, filter.groupId),
      filter.communityId === undefined ? undefined : eq(feeUsage.communityId, filter.communityId),
      filter.clusterName ? eq(clusters.name, filter.clusterName) : undefined,
      gte(feeUsage.endTime, filter.from),
      filter.to ? lt(feeUsage.endTime, filter.to) : undefined,
    );
  }

  return {
    // ---------------------------------------------------------------- accounting rows
    /** Inserts what is new; a row already read (cluster + job + step) is left as it was. Returns the inserted. */
    async insertUsage(rows: NewUsageRow[]): Promise<UsageRow[]> {
      if (rows.length === 0) return [];
      return db.insert(feeUsage).values(rows).onConflictDoNothing({ target: [feeUsage.clusterId, feeUsage.jobId, feeUsage.step] }).returning();
    },
    /** Accounting rows that ended in [from, to) and used GPUs (statistics: the resource report's GPU-hours). */
    async gpuUsageBetween(from: Date, to: Date) {
      return db
        .select({ cluster: clusters.name, partition: feeUsage.partition, userAccount: feeUsage.userAccount, chargeAccount: feeUsage.chargeAccount, gpuSeconds: feeUsage.gpuSeconds })
        .from(feeUsage)
        .innerJoin(clusters, eq(clusters.id, feeUsage.clusterId))
        .where(and(gte(feeUsage.endTime, from), lt(feeUsage.endTime, to), sql`${feeUsage.gpuSeconds} > 0`));
    },
    async totals(filter: UsageFilter): Promise<UsageTotals> {
      const [row] = await db.select(totals).from(feeUsage).innerJoin(clusters, eq(clusters.id, feeUsage.clusterId)).where(usageWhere(filter));
      return row ?? { coreSeconds: 0, cpuSeconds: 0, gpuSeconds: 0, cost: 0, jobs: 0 };
    },
    async days(filter: UsageFilter) {
      return db
        .select({ day: feeUsage.day, clusterName: clusters.name, ...totals })
        .from(feeUsage)
        .innerJoin(clusters, eq(clusters.id, feeUsage.clusterId))
        .where(usageWhere(filter))
        .groupBy(feeUsage.day, clusters.name)
        .orderBy(asc(feeUsage.day), asc(clusters.name));
    },
    /** Per user (top users, member lines), largest first. */
    async byUser(filter: UsageFilter, limit = 1000) {
      return db
        .select({ userId: feeUsage.userId, userName: users.userName, ...totals })
        .from(feeUsage)
        .innerJoin(clusters, eq(clusters.id, feeUsage.clusterId))
        .innerJoin(users, eq(users.id, feeUsage.userId))
        .where(usageWhere(filter))
        .groupBy(feeUsage.userId, users.userName)
        .orderBy(desc(sql`sum(${feeUsage.coreSeconds})`))
        .limit(limit);
    },
    async byGroup(groupIds: readonly number[], filter: UsageFilter): Promise<Map<number, UsageTotals>> {
      if (groupIds.length === 0) return new Map();
      const rows = await db
        .select({ groupId: feeUsage.groupId, ...totals })
        .from(feeUsage)
        .innerJoin(clusters, eq(clusters.id, feeUsage.clusterId))
        .where(and(usageWhere(filter), inArray(feeUsage.groupId, [...groupIds])))
        .groupBy(feeUsage.groupId);
      return new Map(rows.map(({ groupId, ...t }) => [groupId!, t]));
    },
    async costLogs(query: { userId?: number; clusterName?: string; userNameContains?: string; from: Date; to: Date | null; limit: number; offset: number }) {
      const where = and(
        query.userId === undefined ? undefined : eq(feeUsage.userId, query.userId),
        query.clusterName ? eq(clusters.name, query.clusterName) : undefined,
        query.userNameContains ? ilike(users.userName, `%${likeEscaped(query.userNameContains)}%`) : undefined,
        gte(feeUsage.endTime, query.from),
        query.to ? lt(feeUsage.endTime, query.to) : undefined,
      );
      const list = await db
        .select({ row: feeUsage, clusterName: clusters.name, userName: users.userName })
        .from(feeUsage)
        .innerJoin(clusters, eq(clusters.id, feeUsage.clusterId))
        .leftJoin(users, eq(users.id, feeUsage.userId))
        .where(where)
        .orderBy(desc(feeUsage.endTime), desc(feeUsage.id))
        .limit(query.limit)
        .offset(query.offset);
      const [total] = await db.select({ n: count() }).from(feeUsage).innerJoin(clusters, eq(clusters.id, feeUsage.clusterId)).leftJoin(users, eq(users.id, feeUsage.userId)).where(where);
      return { list, total: total?.n ?? 0 };
    },

    // ---------------------------------------------------------------- sync state
    syncedUntil: async (clusterId: number): Promise<Date | null> => (await one(db.select().from(feeSyncState).where(eq(feeSyncState.clusterId, clusterId))))?.syncedUntil ?? null,
    async setSyncedUntil(clusterId: number, until: Date): Promise<void> {
      await db
        .insert(feeSyncState)
        .values({ clusterId, syncedUntil: until })
        .onConflictDoUpdate({ target: feeSyncState.clusterId, set: { syncedUntil: until, updatedAt: new Date() } });
    },

    // ---------------------------------------------------------------- prices and settings
    pricesFor: (clusterName?: string) =>
      db
        .select()
        .from(feePrices)
        .where(clusterName ? eq(feePrices.clusterName, clusterName) : undefined)
        .orderBy(asc(feePrices.clusterName), asc(feePrices.partition), asc(feePrices.validFrom), asc(feePrices.id)),
    async pricePage(clusterName: string | undefined, limit: number, offset: number) {
      const where = clusterName ? eq(feePrices.clusterName, clusterName) : undefined;
      const list = await db.select().from(feePrices).where(where).orderBy(asc(feePrices.clusterName), asc(feePrices.partition), desc(feePrices.validFrom), desc(feePrices.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(feePrices).where(where);
      return { list, total: total?.n ?? 0 };
    },
    /** Every partition a price could be for: the clusters' known ones and any a charged job ran in. */
    async knownPartitions(): Promise<{ clusterName: string; partition: string }[]> {
      const listed = await db.select({ clusterName: clusters.name, partition: partitions.name }).from(partitions).innerJoin(clusters, eq(clusters.id, partitions.clusterId)).where(eq(clusters.kind, 'hpc'));
      const used = await db.selectDistinct({ clusterName: clusters.name, partition: feeUsage.partition }).from(feeUsage).innerJoin(clusters, eq(clusters.id, feeUsage.clusterId));
      const seen = new Map([...listed, ...used].map((p) => [`${p.clusterName}/${p.partition}`, p]));
      return [...seen.values()].sort((a, b) => a.clusterName.localeCompare(b.clusterName) || a.partition.localeCompare(b.partition));
    },
    price: (id: number) => one(db.select().from(feePrices).where(eq(feePrices.id, id))),
    insertPrice: async (row: typeof feePrices.$inferInsert) => (await db.insert(feePrices).values(row).returning())[0]!,
    deletePrice: async (id: number): Promise<boolean> => (await db.delete(feePrices).where(eq(feePrices.id, id)).returning()).length > 0,
    async settings(): Promise<{ minimumCharge: number; roundingUnit: number }> {
      return (await one(db.select().from(feeSettings).where(eq(feeSettings.id, 1)))) ?? { minimumCharge: 0, roundingUnit: 1 };
    },
    async setSettings(value: { minimumCharge: number; roundingUnit: number }): Promise<void> {
      await db.insert(feeSettings).values({ id: 1, ...value }).onConflictDoUpdate({ target: feeSettings.id, set: value });
    },

    // ---------------------------------------------------------------- allocations
    allocation: (id: number) => one(db.select().from(feeAllocations).where(eq(feeAllocations.id, id))),
    /** Allocations valid at `at` for any of these holders. */
    async activeFor(holders: { scope: Scope; targetId: number }[], at: Date): Promise<AllocationRow[]> {
      if (holders.length === 0) return [];
      return db
        .select()
        .from(feeAllocations)
        .where(
          and(
            or(...holders.map((h) => and(eq(feeAllocations.scope, h.scope), eq(feeAllocations.targetId, h.targetId)))),
            sql`${feeAllocations.validFrom} <= ${at}`,
            or(isNull(feeAllocations.validTo), sql`${feeAllocations.validTo} > ${at}`),
          ),
        )
        .orderBy(asc(feeAllocations.id));
    },
    allActive: (at: Date) =>
      db.select().from(feeAllocations).where(and(sql`${feeAllocations.validFrom} <= ${at}`, or(isNull(feeAllocations.validTo), sql`${feeAllocations.validTo} > ${at}`))),
    async allocationPage(filter: { scope?: Scope; targetIds?: number[]; limit: number; offset: number }) {
      const where = and(
        filter.scope ? eq(feeAllocations.scope, filter.scope) : undefined,
        filter.targetIds ? (filter.targetIds.length === 0 ? sql`false` : inArray(feeAllocations.targetId, filter.targetIds)) : undefined,
      );
      const list = await db.select().from(feeAllocations).where(where).orderBy(desc(feeAllocations.id)).limit(filter.limit).offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(feeAllocations).where(where);
      return { list, total: total?.n ?? 0 };
    },
    insertAllocation: async (row: NewAllocationRow) => (await db.insert(feeAllocations).values(row).returning())[0]!,
    updateAllocation: async (id: number, set: Partial<NewAllocationRow>) =>
      (await db.update(feeAllocations).set({ ...set, updatedAt: new Date() }).where(eq(feeAllocations.id, id)).returning())[0],
    deleteAllocation: async (id: number): Promise<boolean> => (await db.delete(feeAllocations).where(eq(feeAllocations.id, id)).returning()).length > 0,

    // ---------------------------------------------------------------- whitelist and blocks
    flag: (userId: number) => one(db.select().from(feeAccountFlags).where(eq(feeAccountFlags.userId, userId))),
    allFlagged: () => db.select().from(feeAccountFlags).where(or(eq(feeAccountFlags.whitelisted, true), eq(feeAccountFlags.blocked, true))),
    async setFlag(userId: number, set: { whitelisted?: boolean; blocked?: boolean; reason?: string }): Promise<FlagRow> {
      const [row] = await db
        .insert(feeAccountFlags)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: feeAccountFlags.userId, set: { ...set, updatedAt: new Date() } })
        .returning();
      return row!;
    },
    async flagPage(limit: number, offset: number) {
      const where = or(eq(feeAccountFlags.whitelisted, true), eq(feeAccountFlags.blocked, true));
      const list = await db.select({ flag: feeAccountFlags, userName: users.userName }).from(feeAccountFlags).innerJoin(users, eq(users.id, feeAccountFlags.userId)).where(where).orderBy(asc(users.userName)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(feeAccountFlags).where(where);
      return { list, total: total?.n ?? 0 };
    },

    // ---------------------------------------------------------------- what the clusters were told
    schedulerLimits: (clusterId: number) => db.select().from(feeSchedulerLimits).where(eq(feeSchedulerLimits.clusterId, clusterId)),
    async setSchedulerLimit(clusterId: number, account: string, blocked: boolean): Promise<void> {
      await db
        .insert(feeSchedulerLimits)
        .values({ clusterId, account, blocked })
        .onConflictDoUpdate({ target: [feeSchedulerLimits.clusterId, feeSchedulerLimits.account], set: { blocked, updatedAt: new Date() } });
    },

    async deleteSchedulerLimit(clusterId: number, account: string): Promise<void> {
      await db.delete(feeSchedulerLimits).where(and(eq(feeSchedulerLimits.clusterId, clusterId), eq(feeSchedulerLimits.account, account)));
    },

    // ---------------------------------------------------------------- daily snapshots
    /** Recomputes the snapshots of these days from the accounting rows (idempotent). */
    async snapDays(days: readonly string[], allocations: AllocationRow[]): Promise<void> {
      if (days.length === 0) return;
      for (const [scope, column] of [['user', feeUsage.userId], ['group', feeUsage.groupId], ['community', feeUsage.communityId]] as const) {
        const rows = await db
          .select({ day: feeUsage.day, targetId: column, coreSeconds: sql<number>`coalesce(sum(${feeUsage.coreSeconds}), 0)::float8`, cost: sql<number>`coalesce(sum(${feeUsage.cost}), 0)::float8` })
          .from(feeUsage)
          .where(and(inArray(feeUsage.day, [...days]), sql`${column} is not null`))
          .groupBy(feeUsage.day, column);
        if (rows.length === 0) continue;
        const values = rows.map((r) => {
          const allocation = allocations.find((a) => a.scope === scope && a.targetId === r.targetId);
          return {
            day: r.day,
            scope,
            targetId: r.targetId!,
            coreSeconds: Math.round(r.coreSeconds),
            cost: Math.round(r.cost),
            cpuSecondsLimit: allocation?.cpuSecondsLimit ?? null,
            balance: allocation?.balance ?? null,
          };
        });
        await db
          .insert(feeSnaps)
          .values(values)
          .onConflictDoUpdate({
            target: [feeSnaps.day, feeSnaps.scope, feeSnaps.targetId],
            set: { coreSeconds: sql`excluded.core_seconds`, cost: sql`excluded.cost`, cpuSecondsLimit: sql`excluded.cpu_seconds_limit`, balance: sql`excluded.balance` },
          });
      }
    },
    async snapPage(filter: { scope?: Scope; targetIds?: number[]; from: string; to: string; limit: number; offset: number }) {
      const where = and(
        filter.scope ? eq(feeSnaps.scope, filter.scope) : undefined,
        filter.targetIds ? (filter.targetIds.length === 0 ? sql`false` : inArray(feeSnaps.targetId, filter.targetIds)) : undefined,
        gte(feeSnaps.day, filter.from),
        sql`${feeSnaps.day} <= ${filter.to}`,
      );
      const list = await db.select().from(feeSnaps).where(where).orderBy(desc(feeSnaps.day), asc(feeSnaps.scope), asc(feeSnaps.targetId)).limit(filter.limit).offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(feeSnaps).where(where);
      return { list, total: total?.n ?? 0 };
    },
  };
}

export type FeesRepo = ReturnType<typeof createFeesRepo>;
