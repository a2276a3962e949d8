import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uploadSessions } from '../../db/schema/storage';
import { internalError } from '../../lib/app-error';

export type UploadSessionRow = typeof uploadSessions.$inferSelect;
export type UploadSessionState = 'open' | 'completing' | 'completed' | 'failed' | 'aborted';

/** Upload sessions: rows only, no rules (those are the service's). */
export function createUploadSessionsRepo(db: Database) {
  return {
    async insert(values: typeof uploadSessions.$inferInsert): Promise<UploadSessionRow> {
      const [row] = await db.insert(uploadSessions).values(values).returning();
      if (!row) throw internalError('upload session was not written');
      return row;
    },

    /** The user's own session; another user's id is simply not there. */
    async find(userId: number, id: string): Promise<UploadSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadSessions)
        .where(and(eq(uploadSessions.id, id), eq(uploadSessions.userId, userId)));
      return row;
    },

    /**
     * Records a verified chunk in one statement (no read-modify-write), so parallel chunks on several
     * instances never lose each other; also pushes the expiry on. Undefined when the session is no longer open.
     */
    async addChunk(id: string, index: number, expiresAt: Date): Promise<UploadSessionRow | undefined> {
      const [row] = await db
        .update(uploadSessions)
        .set({
          received: sql`case when ${index}::int = any(${uploadSessions.received}) then ${uploadSessions.received}
            else array_append(${uploadSessions.received}, ${index}::int) end`,
          expiresAt,
        })
        .where(and(eq(uploadSessions.id, id), eq(uploadSessions.state, 'open')))
        .returning();
      return row;
    },

    /** Moves `from` → `to` only if the row is still in `from` (one completer among racing instances). */
    async transition(id: string, from: UploadSessionState, to: UploadSessionState): Promise<UploadSessionRow | undefined> {
      const [row] = await db
        .update(uploadSessions)
        .set({ state: to })
        .where(and(eq(uploadSessions.id, id), eq(uploadSessions.state, from)))
        .returning();
      return row;
    },

    /** Open sessions past their expiry (to remove with their part files). */
    async expired(now: Date, limit = 100): Promise<UploadSessionRow[]> {
      return db
        .select()
        .from(uploadSessions)
        .where(and(eq(uploadSessions.state, 'open'), lt(uploadSessions.expiresAt, now)))
        .limit(limit);
    },
  };
}

export type UploadSessionsRepo = ReturnType<typeof createUploadSessionsRepo>;
