import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoClients } from '../../db/schema/sso';

export type ClientRow = typeof ssoClients.$inferSelect;

export function createClientsRepo(db: Database) {
  return {
    async list(offset: number, limit: number): Promise<{ rows: ClientRow[]; total: number }> {
      const rows = await db.select().from(ssoClients).orderBy(desc(ssoClients.id)).offset(offset).limit(limit);
      const [total] = await db.select({ n: count() }).from(ssoClients);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(id: number): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(ssoClients).where(eq(ssoClients.id, id));
      return row;
    },

    async byClientId(clientId: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(ssoClients).where(eq(ssoClients.clientId, clientId));
      return row;
    },

    async insert(values: typeof ssoClients.$inferInsert): Promise<ClientRow> {
      const [row] = await db.insert(ssoClients).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<typeof ssoClients.$inferInsert>): Promise<ClientRow | undefined> {
      const [row] = await db.update(ssoClients).set(values).where(eq(ssoClients.id, id)).returning();
      return row;
    },

    async remove(id: number): Promise<ClientRow | undefined> {
      const [row] = await db.delete(ssoClients).where(eq(ssoClients.id, id)).returning();
      return row;
    },
  };
}

export type ClientsRepo = ReturnType<typeof createClientsRepo>;
