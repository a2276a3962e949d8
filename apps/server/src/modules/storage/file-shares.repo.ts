import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fileShares } from '../../db/schema/storage';

export type FileShareRow = typeof fileShares.$inferSelect;

export function createFileSharesRepo(db: Database) {
  return {
    async insert(values: typeof fileShares.$inferInsert): Promise<void> {
      await db.insert(fileShares).values(values);
    },
    /** A live link by its token's hash; an expired one is simply not found. */
    async findLive(tokenHash: string, now: Date): Promise<FileShareRow | undefined> {
      const [row] = await db
        .select()
        .from(fileShares)
        .where(and(eq(fileShares.tokenHash, tokenHash), gt(fileShares.expiresAt, now)));
      return row;
    },
  };
}

export type FileSharesRepo = ReturnType<typeof createFileSharesRepo>;
