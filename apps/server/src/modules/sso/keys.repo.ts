import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoKeys } from '../../db/schema/sso';

export function createKeysRepo(db: Database) {
  return {
    async find(name: string): Promise<unknown> {
      const [row] = await db.select({ value: ssoKeys.value }).from(ssoKeys).where(eq(ssoKeys.name, name));
      return row?.value;
    },

    /** Stores the value unless one is already there (another instance won the race); answers the stored one. */
    async insertOnce(name: string, value: unknown): Promise<unknown> {
      await db.insert(ssoKeys).values({ name, value }).onConflictDoNothing();
      const [row] = await db.select({ value: ssoKeys.value }).from(ssoKeys).where(eq(ssoKeys.name, name));
      return row?.value;
    },
  };
}

export type KeysRepo = ReturnType<typeof createKeysRepo>;
