import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cloudSessions } from '../../db/schema/profile';

/** Which sessions were issued for the cloud side, so DELETE /keystone/cloud/cookie can end them. */
export function createCloudSessionsRepo(db: Database) {
  return {
    async insert(sessionId: number, userId: number, at: Date): Promise<void> {
      await db.insert(cloudSessions).values({ sessionId, userId, createdAt: at });
    },

    /** Forgets the user's cloud sessions and answers their ids. */
    async takeForUser(userId: number): Promise<number[]> {
      const rows = await db.delete(cloudSessions).where(eq(cloudSessions.userId, userId)).returning({ id: cloudSessions.sessionId });
      return rows.map((row) => row.id);
    },
  };
}

export type CloudSessionsRepo = ReturnType<typeof createCloudSessionsRepo>;
