import { and, arrayContains, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clusters } from '../../db/schema/hpc';
import { monitorEvents, monitorNodeStates } from '../../db/schema/monitor';

export type MonitorEventRow = typeof monitorEvents.$inferSelect;
export type NewMonitorEvent = typeof monitorEvents.$inferInsert;
export interface EventListRow {
  event: MonitorEventRow;
  clusterName: string;
}

export interface EventFilter {
  clusterName?: string;
  node?: string;
  type?: string;
  from?: Date;
  before?: Date;
}

const insertBatch = 500;

/** Node states last seen and the events log; no rules here (the events service decides what is an event). */
export function createEventsRepo(db: Database) {
  const where = (f: EventFilter): SQL | undefined =>
    and(
      f.clusterName ? eq(clusters.name, f.clusterName) : undefined,
      f.node ? arrayContains(monitorEvents.nodes, [f.node]) : undefined,
      f.type ? eq(monitorEvents.type, f.type) : undefined,
      f.from ? gte(monitorEvents.at, f.from) : undefined,
      f.before ? lt(monitorEvents.at, f.before) : undefined,
    );

  return {
    async lastState(clusterId: number, node: string): Promise<string | undefined> {
      const [row] = await db
        .select({ state: monitorNodeStates.state })
        .from(monitorNodeStates)
        .where(and(eq(monitorNodeStates.clusterId, clusterId), eq(monitorNodeStates.node, node)));
      return row?.state;
    },

    /** First sight of a node; false when another instance recorded it first. */
    async firstState(clusterId: number, node: string, state: string, at: Date): Promise<boolean> {
      const rows = await db.insert(monitorNodeStates).values({ clusterId, node, state, seenAt: at }).onConflictDoNothing().returning({ node: monitorNodeStates.node });
      return rows.length > 0;
    },

    /** Compare-and-set: true only for the one caller that moved the node from `from` to `to` (two instances polling record one event). */
    async moveState(clusterId: number, node: string, from: string, to: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(monitorNodeStates)
        .set({ state: to, seenAt: at })
        .where(and(eq(monitorNodeStates.clusterId, clusterId), eq(monitorNodeStates.node, node), eq(monitorNodeStates.state, from)))
        .returning({ node: monitorNodeStates.node });
      return rows.length > 0;
    },

    /** Job failures are unique per (cluster, job): the same failure seen again inserts nothing. */
    async insert(events: readonly NewMonitorEvent[]): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < events.length; i += insertBatch) {
        const rows = await db.insert(monitorEvents).values(events.slice(i, i + insertBatch)).onConflictDoNothing().returning({ id: monitorEvents.id });
        inserted += rows.length;
      }
      return inserted;
    },

    async page(filter: EventFilter, offset: number, limit: number): Promise<{ rows: EventListRow[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ event: monitorEvents, clusterName: clusters.name })
          .from(monitorEvents)
          .innerJoin(clusters, eq(clusters.id, monitorEvents.clusterId))
          .where(where(filter))
          .orderBy(desc(monitorEvents.at), desc(monitorEvents.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(monitorEvents).innerJoin(clusters, eq(clusters.id, monitorEvents.clusterId)).where(where(filter)),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
