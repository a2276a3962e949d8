import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema/system';

export function createLoginFailuresRepo(db: Database) {
  return {
    async countForAccount(accountKey: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.createdAt, since)));
      return row?.n ?? 0;
    },

    async countForIp(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
      return row?.n ?? 0;
    },

    /** Failures of one account from one address since `since`, and the latest one. */
    async pairStats(accountKey: string, ip: string, since: Date): Promise<{ n: number; last: Date | null }> {
      const [row] = await db
        .select({ n: count(), last: max(loginFailures.createdAt) })
        .from(loginFailures)
        .where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
      return { n: row?.n ?? 0, last: row?.last ?? null };
    },

    async record(accountKey: string, ip: string, at: Date): Promise<void> {
      await db.insert(loginFailures).values({ accountKey, ip, createdAt: at });
    },

    async clearPair(accountKey: string, ip: string): Promise<void> {
      await db.delete(loginFailures).where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.ip, ip)));
    },

    /** Rows older than the window no longer count; dropping them keeps the table small. */
    async pruneBefore(before: Date): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
    },
  };
}

export type LoginFailuresRepo = ReturnType<typeof createLoginFailuresRepo>;
