import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/identity';
import type { UserRow } from './users.repo';

/** What registration and password changes need of users and sessions: contacts, password hash, revocation. */
export function createCredentialsRepo(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },

    async findByTelephone(telephone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.telephone, telephone));
      return row;
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** New password hash and every live session revoked, except `keepSessionId` (the caller's own, on a change). */
    async setPassword(userId: number, passwordHash: string, at: Date, keepSessionId?: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
        const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
        await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(keepSessionId === undefined ? live : and(live, ne(sessions.id, keepSessionId)));
        // accounts they switched into end too, even those started from the kept session: a new password means a new start
        await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.impersonatorUserId, userId), isNull(sessions.revokedAt)));
      });
    },
  };
}

export type CredentialsRepo = ReturnType<typeof createCredentialsRepo>;
