import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { finalSessionStates } from '@starlight/contract/interactive';
import type { Database } from '../../db/client';
import { clusters } from '../../db/schema/hpc';
import { interactiveSessions } from '../../db/schema/interactive';

export type SessionRow = typeof interactiveSessions.$inferSelect;
export type NewSessionRow = typeof interactiveSessions.$inferInsert;
export type SessionPatch = Partial<Omit<NewSessionRow, 'id' | 'userId' | 'clusterId' | 'createdAt'>>;
export interface SessionWithCluster {
  session: SessionRow;
  clusterName: string;
}

const final = [...finalSessionStates];

export function createSessionsRepo(db: Database) {
  const withCluster = { session: interactiveSessions, clusterName: clusters.name };
  return {
    async insert(row: NewSessionRow): Promise<void> {
      await db.insert(interactiveSessions).values(row);
    },

    async get(id: string): Promise<SessionWithCluster | null> {
      const [row] = await db
        .select(withCluster)
        .from(interactiveSessions)
        .innerJoin(clusters, eq(clusters.id, interactiveSessions.clusterId))
        .where(eq(interactiveSessions.id, id));
      return row ?? null;
    },

    async page(userId: number, activeOnly: boolean, offset: number, limit: number): Promise<{ rows: SessionWithCluster[]; total: number }> {
      const where = and(eq(interactiveSessions.userId, userId), activeOnly ? notInArray(interactiveSessions.state, final) : undefined);
      const rows = await db
        .select(withCluster)
        .from(interactiveSessions)
        .innerJoin(clusters, eq(clusters.id, interactiveSessions.clusterId))
        .where(where)
        .orderBy(desc(interactiveSessions.createdAt))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(interactiveSessions).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async update(id: string, patch: SessionPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.update(interactiveSessions).set(patch).where(eq(interactiveSessions.id, id));
    },

    /** Throttled activity marks from the proxy, for several sessions at once. */
    async touch(ids: string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(interactiveSessions).set({ lastActivityAt: at }).where(inArray(interactiveSessions.id, ids));
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
