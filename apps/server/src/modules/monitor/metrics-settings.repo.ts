import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorMetricsSettings } from '../../db/schema/monitor';

export type MetricsSettingsRow = typeof monitorMetricsSettings.$inferSelect;
export type NewMetricsSettingsRow = typeof monitorMetricsSettings.$inferInsert;

export function createMetricsSettingsRepo(db: Database) {
  return {
    all: (): Promise<MetricsSettingsRow[]> => db.select().from(monitorMetricsSettings),

    async get(clusterId: number): Promise<MetricsSettingsRow | undefined> {
      const [row] = await db.select().from(monitorMetricsSettings).where(eq(monitorMetricsSettings.clusterId, clusterId));
      return row;
    },

    async put(values: NewMetricsSettingsRow): Promise<void> {
      const { clusterId: _, ...rest } = values;
      await db
        .insert(monitorMetricsSettings)
        .values(values)
        .onConflictDoUpdate({ target: monitorMetricsSettings.clusterId, set: { ...rest, updatedAt: new Date() } });
    },

    async remove(clusterId: number): Promise<boolean> {
      return (await db.delete(monitorMetricsSettings).where(eq(monitorMetricsSettings.clusterId, clusterId)).returning({ id: monitorMetricsSettings.clusterId })).length > 0;
    },
  };
}

export type MetricsSettingsRepo = ReturnType<typeof createMetricsSettingsRepo>;
