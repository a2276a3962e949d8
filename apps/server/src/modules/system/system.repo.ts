import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientErrors } from '../../db/schema/system';
import { internalError } from '../../lib/app-error';

export function createSystemRepo(db: Database) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    async insertClientError(values: typeof clientErrors.$inferInsert): Promise<number> {
      const [row] = await db.insert(clientErrors).values(values).returning({ id: clientErrors.id });
      if (!row) throw internalError('client error was not written');
      return row.id;
    },
  };
}

export type SystemRepo = ReturnType<typeof createSystemRepo>;
