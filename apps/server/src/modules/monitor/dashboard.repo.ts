import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorDashboard } from '../../db/schema/monitor';

const row = 1;

/** The one stored address of the external monitoring dashboard. */
export function createDashboardRepo(db: Database) {
  return {
    async get(): Promise<{ url: string; updatedAt: Date } | undefined> {
      const [found] = await db.select().from(monitorDashboard).where(eq(monitorDashboard.id, row));
      return found;
    },
    async put(url: string): Promise<{ url: string; updatedAt: Date }> {
      const values = { url, updatedAt: new Date() };
      await db.insert(monitorDashboard).values({ id: row, ...values }).onConflictDoUpdate({ target: monitorDashboard.id, set: values });
      return values;
    },
    async clear(): Promise<void> {
      await db.delete(monitorDashboard).where(eq(monitorDashboard.id, row));
    },
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
