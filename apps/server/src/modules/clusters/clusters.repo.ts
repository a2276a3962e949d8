import { and, asc, count, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clusters, partitions } from '../../db/schema/hpc';
import { internalError } from '../../lib/app-error';

export type ClusterRow = typeof clusters.$inferSelect;
export type NewClusterRow = typeof clusters.$inferInsert;
export type PartitionRow = typeof partitions.$inferSelect;

export interface ClusterFilter {
  kind?: 'hpc' | 'k8s';
  nameContains?: string;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function createClustersRepo(db: Database) {
  const where = (filter: ClusterFilter): SQL | undefined =>
    and(
      filter.kind ? eq(clusters.kind, filter.kind) : undefined,
      filter.nameContains ? ilike(clusters.name, `%${likeEscaped(filter.nameContains)}%`) : undefined,
    );

  return {
    async page(filter: ClusterFilter, offset: number, limit: number): Promise<{ rows: ClusterRow[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db.select().from(clusters).where(where(filter)).orderBy(asc(clusters.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(clusters).where(where(filter)),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    all: (): Promise<ClusterRow[]> => db.select().from(clusters).orderBy(asc(clusters.id)),

    async get(id: number): Promise<ClusterRow | undefined> {
      const [row] = await db.select().from(clusters).where(eq(clusters.id, id));
      return row;
    },

    async getByName(name: string): Promise<ClusterRow | undefined> {
      const [row] = await db.select().from(clusters).where(eq(clusters.name, name));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(clusters);
      return row?.n ?? 0;
    },

    /** Undefined when the name is taken. */
    async insert(values: NewClusterRow): Promise<ClusterRow | undefined> {
      const [row] = await db.insert(clusters).values(values).onConflictDoNothing().returning();
      return row;
    },

    async update(id: number, values: Partial<NewClusterRow>): Promise<ClusterRow | undefined> {
      const [row] = await db.update(clusters).set({ ...values, updatedAt: new Date() }).where(eq(clusters.id, id)).returning();
      return row;
    },

    async remove(id: number): Promise<boolean> {
      return (await db.delete(clusters).where(eq(clusters.id, id)).returning({ id: clusters.id })).length > 0;
    },

    partitionsOf: (clusterIds: readonly number[]): Promise<PartitionRow[]> =>
      clusterIds.length === 0
        ? Promise.resolve([])
        : db.select().from(partitions).where(inArray(partitions.clusterId, [...clusterIds])).orderBy(asc(partitions.clusterId), asc(partitions.name)),

    async partition(id: number): Promise<PartitionRow | undefined> {
      const [row] = await db.select().from(partitions).where(eq(partitions.id, id));
      return row;
    },

    /** Marks the names the scheduler shows as discovered (adding rows for new ones) and the rest as gone. */
    async markDiscovered(clusterId: number, names: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        if (names.length > 0)
          await tx
            .insert(partitions)
            .values(names.map((name) => ({ clusterId, name, discovered: true })))
            .onConflictDoUpdate({ target: [partitions.clusterId, partitions.name], set: { discovered: true } });
        await tx
          .update(partitions)
          .set({ discovered: false })
          .where(and(eq(partitions.clusterId, clusterId), names.length > 0 ? notInArray(partitions.name, [...names]) : undefined));
      });
    },

    /** Undefined when the cluster already has a partition of that name. */
    async insertPartition(values: typeof partitions.$inferInsert): Promise<PartitionRow | undefined> {
      try {
        const [row] = await db.insert(partitions).values(values).returning();
        if (!row) throw internalError('partition was not written');
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async updatePartition(id: number, values: Partial<typeof partitions.$inferInsert>): Promise<PartitionRow | undefined> {
      const [row] = await db.update(partitions).set({ ...values, updatedAt: new Date() }).where(eq(partitions.id, id)).returning();
      return row;
    },

    async removePartition(id: number): Promise<boolean> {
      return (await db.delete(partitions).where(eq(partitions.id, id)).returning({ id: partitions.id })).length > 0;
    },
  };
}

export type ClustersRepo = ReturnType<typeof createClustersRepo>;
