import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { schedulerTokens } from '../../db/schema/hpc';

export function createSchedulerTokensRepo(db: Database) {
  return {
    async insert(values: typeof schedulerTokens.$inferInsert): Promise<void> {
      await db.insert(schedulerTokens).values(values);
    },

    /** The session behind an unexpired token hash, or null. */
    async sessionOf(tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .select({ sessionId: schedulerTokens.sessionId })
        .from(schedulerTokens)
        .where(and(eq(schedulerTokens.tokenHash, tokenHash), gt(schedulerTokens.expiresAt, now)));
      return row?.sessionId ?? null;
    },
  };
}

export type SchedulerTokensRepo = ReturnType<typeof createSchedulerTokensRepo>;
