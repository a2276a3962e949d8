import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { interactivePasses } from '../../db/schema/interactive';

/** What a ticket or a session cookie stands for: one session, for its owner, until a time. */
export interface SessionPass {
  sessionId: string;
  userId: number;
  expiresAt: number;
}
export type PassKind = 'ticket' | 'cookie';

/** The table behind the passes; values arrive here hashed only. */
export function createPassesRepo(db: Database) {
  const t = interactivePasses;
  const passOf = (row: typeof t.$inferSelect): SessionPass => ({ sessionId: row.sessionId, userId: row.userId, expiresAt: row.expiresAt.getTime() });
  return {
    async put(hash: string, kind: PassKind, pass: SessionPass): Promise<void> {
      await db.insert(t).values({ hash, kind, sessionId: pass.sessionId, userId: pass.userId, expiresAt: new Date(pass.expiresAt) });
    },
    /** Deletes the row and answers what it held: one statement, so of two instances only one gets it. */
    async take(hash: string, kind: PassKind): Promise<SessionPass | null> {
      const [row] = await db.delete(t).where(and(eq(t.hash, hash), eq(t.kind, kind))).returning();
      return row ? passOf(row) : null;
    },
    async get(hash: string, kind: PassKind): Promise<SessionPass | null> {
      const [row] = await db.select().from(t).where(and(eq(t.hash, hash), eq(t.kind, kind)));
      return row ? passOf(row) : null;
    },
    async dropSession(sessionId: string): Promise<void> {
      await db.delete(t).where(eq(t.sessionId, sessionId));
    },
    async sweep(at: number): Promise<void> {
      await db.delete(t).where(lte(t.expiresAt, new Date(at)));
    },
  };
}
export type PassesRepo = ReturnType<typeof createPassesRepo>;
