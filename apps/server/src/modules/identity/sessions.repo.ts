import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { internalError } from '../../lib/app-error';
import { sessions, users } from '../../db/schema/identity';

export type NewSessionRow = typeof sessions.$inferInsert;

export function createSessionsRepo(db: Database) {
  return {
    async insert(values: NewSessionRow): Promise<void> {
      await db.insert(sessions).values(values);
    },

    async insertReturningId(values: NewSessionRow): Promise<number> {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      if (!row) throw internalError('session insert returned no row');
      return row.id;
    },

    /** The session behind a token hash with what the actor needs of its user. */
    findByTokenHash: (tokenHash: string) => findWhere(eq(sessions.tokenHash, tokenHash)),
    findById: (id: number) => findWhere(eq(sessions.id, id)),

    async revoke(sessionId: number, at: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, sessionId));
    },
  };

  async function findWhere(condition: SQL) {
    const [row] = await db
      .select({
        sessionId: sessions.id,
        tokenType: sessions.tokenType,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userId: users.id,
        userName: users.userName,
        status: users.status,
        disabled: users.disabled,
        impersonatorUserId: sessions.impersonatorUserId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(condition);
    return row;
  }
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
