import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partitionWebssh } from '../../db/schema/cluster-access';
import { clusters, partitions } from '../../db/schema/hpc';

export interface WebSshRow {
  partitionId: number;
  clusterId: number;
  clusterName: string;
  clusterEnabled: boolean;
  partition: string;
  partitionType: string;
  initType: string;
  enabled: boolean;
  host: string | null;
  port: number | null;
  hostKeySha256: string | null;
  idleTimeoutSeconds: number;
  maxDurationSeconds: number;
  updatedAt: Date;
}

export interface WebSshFilter {
  clusterName?: string;
  partition?: string;
  enabledOnly?: boolean;
}

const columns = {
  partitionId: partitionWebssh.partitionId,
  clusterId: clusters.id,
  clusterName: clusters.name,
  clusterEnabled: clusters.enabled,
  partition: partitions.name,
  partitionType: partitions.partitionType,
  initType: partitions.initType,
  enabled: partitionWebssh.enabled,
  host: partitionWebssh.host,
  port: partitionWebssh.port,
  hostKeySha256: partitionWebssh.hostKeySha256,
  idleTimeoutSeconds: partitionWebssh.idleTimeoutSeconds,
  maxDurationSeconds: partitionWebssh.maxDurationSeconds,
  updatedAt: partitionWebssh.updatedAt,
};

/** Web shell settings with their partition's and cluster's names (the settings table is owned here; the others are read). */
export function createWebSshRepo(db: Database) {
  const joined = () =>
    db.select(columns).from(partitionWebssh).innerJoin(partitions, eq(partitions.id, partitionWebssh.partitionId)).innerJoin(clusters, eq(clusters.id, partitions.clusterId));
  const where = (f: WebSshFilter): SQL | undefined =>
    and(
      f.clusterName ? eq(clusters.name, f.clusterName) : undefined,
      f.partition ? eq(partitions.name, f.partition) : undefined,
      f.enabledOnly ? and(eq(partitionWebssh.enabled, true), eq(clusters.enabled, true)) : undefined,
    );

  return {
    async page(filter: WebSshFilter, offset: number, limit: number): Promise<{ rows: WebSshRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        joined().where(where(filter)).orderBy(asc(clusters.name), asc(partitions.name)).offset(offset).limit(limit),
        db
          .select({ n: count() })
          .from(partitionWebssh)
          .innerJoin(partitions, eq(partitions.id, partitionWebssh.partitionId))
          .innerJoin(clusters, eq(clusters.id, partitions.clusterId))
          .where(where(filter)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async get(partitionId: number): Promise<WebSshRow | undefined> {
      const [row] = await joined().where(eq(partitionWebssh.partitionId, partitionId));
      return row;
    },

    async byName(clusterName: string, partition: string): Promise<WebSshRow | undefined> {
      const [row] = await joined().where(and(eq(clusters.name, clusterName), eq(partitions.name, partition)));
      return row;
    },

    async upsert(values: typeof partitionWebssh.$inferInsert): Promise<void> {
      const { partitionId: _id, ...rest } = values;
      await db
        .insert(partitionWebssh)
        .values(values)
        .onConflictDoUpdate({ target: partitionWebssh.partitionId, set: { ...rest, updatedAt: new Date() } });
    },

    async remove(partitionId: number): Promise<boolean> {
      return (await db.delete(partitionWebssh).where(eq(partitionWebssh.partitionId, partitionId)).returning({ id: partitionWebssh.partitionId })).length > 0;
    },
  };
}

export type WebSshRepo = ReturnType<typeof createWebSshRepo>;
