import type { Database } from '../../db/client';
import { ssoConsents } from '../../db/schema/sso';

export function createConsentsRepo(db: Database) {
  return {
    async record(values: typeof ssoConsents.$inferInsert): Promise<void> {
      await db.insert(ssoConsents).values(values);
    },
  };
}

export type ConsentsRepo = ReturnType<typeof createConsentsRepo>;
