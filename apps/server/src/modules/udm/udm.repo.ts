import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/identity';
import { udmAllowedHosts, udmDatasets, udmSources, udmTransfers } from '../../db/schema/udm';

export type DatasetRow = typeof udmDatasets.$inferSelect & { owner: string };
export type SourceRow = typeof udmSources.$inferSelect;
export type TransferRow = typeof udmTransfers.$inferSelect;

const datasetColumns = { dataset: udmDatasets, owner: users.userName };
const withOwner = (rows: { dataset: typeof udmDatasets.$inferSelect; owner: string }[]): DatasetRow[] => rows.map((r) => ({ ...r.dataset, owner: r.owner }));

export function createUdmRepo(db: Database) {
  return {
    /** The user's datasets and those of group mates shared with the group. */
    datasets: async (userId: number, mateIds: number[]) =>
      withOwner(
        await db
          .select(datasetColumns)
          .from(udmDatasets)
          .innerJoin(users, eq(users.id, udmDatasets.userId))
          .where(or(eq(udmDatasets.userId, userId), mateIds.length ? and(inArray(udmDatasets.userId, mateIds), eq(udmDatasets.sharedWithGroup, true)) : sql`false`))
          .orderBy(desc(udmDatasets.id)),
      ),
    dataset: async (where: { id: number } | { tokenHash: string }) =>
      withOwner(
        await db
          .select(datasetColumns)
          .from(udmDatasets)
          .innerJoin(users, eq(users.id, udmDatasets.userId))
          .where('id' in where ? eq(udmDatasets.id, where.id) : eq(udmDatasets.shareTokenHash, where.tokenHash)),
      )[0],
    insertDataset: async (row: typeof udmDatasets.$inferInsert) => (await db.insert(udmDatasets).values(row).returning())[0],
    updateDataset: async (id: number, patch: Partial<typeof udmDatasets.$inferInsert>) => db.update(udmDatasets).set({ ...patch, updatedAt: new Date() }).where(eq(udmDatasets.id, id)),
    deleteDataset: async (id: number) => db.delete(udmDatasets).where(eq(udmDatasets.id, id)),

    sources: (userId: number) => db.select().from(udmSources).where(eq(udmSources.userId, userId)).orderBy(desc(udmSources.id)),
    source: async (id: number) => (await db.select().from(udmSources).where(eq(udmSources.id, id)))[0],
    insertSource: async (row: typeof udmSources.$inferInsert) => (await db.insert(udmSources).values(row).returning())[0] as SourceRow,
    deleteSource: async (id: number) => db.delete(udmSources).where(eq(udmSources.id, id)),

    transfers: (userId: number) =>
      db
        .select({ transfer: udmTransfers, sourceName: udmSources.name })
        .from(udmTransfers)
        .innerJoin(udmSources, eq(udmSources.id, udmTransfers.sourceId))
        .where(eq(udmTransfers.userId, userId))
        .orderBy(desc(udmTransfers.id))
        .limit(100),
    transfer: async (id: number) =>
      (await db.select({ transfer: udmTransfers, sourceName: udmSources.name }).from(udmTransfers).innerJoin(udmSources, eq(udmSources.id, udmTransfers.sourceId)).where(eq(udmTransfers.id, id)))[0],
    activeTransfer: async (sourceId: number) =>
      (await db.select().from(udmTransfers).where(and(eq(udmTransfers.sourceId, sourceId), inArray(udmTransfers.state, ['queued', 'running']))))[0],
    unfinished: () => db.select().from(udmTransfers).where(inArray(udmTransfers.state, ['queued', 'running'])),
    insertTransfer: async (row: typeof udmTransfers.$inferInsert) => (await db.insert(udmTransfers).values(row).returning())[0] as TransferRow,
    updateTransfer: (id: number, patch: Partial<typeof udmTransfers.$inferInsert>) => db.update(udmTransfers).set({ ...patch, updatedAt: new Date() }).where(eq(udmTransfers.id, id)),

    allowedHosts: () => db.select().from(udmAllowedHosts).orderBy(udmAllowedHosts.host),
    allowHost: (host: string, note: string) => db.insert(udmAllowedHosts).values({ host, note }).onConflictDoUpdate({ target: udmAllowedHosts.host, set: { note } }),
    disallowHost: async (host: string) => (await db.delete(udmAllowedHosts).where(eq(udmAllowedHosts.host, host)).returning()).length,
  };
}

export type UdmRepo = ReturnType<typeof createUdmRepo>;
