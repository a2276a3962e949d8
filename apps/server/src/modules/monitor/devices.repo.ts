import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clusters } from '../../db/schema/hpc';
import { hardwareDevices } from '../../db/schema/monitor';

export type DeviceRow = typeof hardwareDevices.$inferSelect;
export type NewDeviceRow = typeof hardwareDevices.$inferInsert;
export interface DeviceListRow {
  device: DeviceRow;
  clusterName: string | null;
}
export interface DeviceFilter {
  clusterName?: string;
  type?: string;
  status?: string;
  text?: string;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The serial is unique: a second device with it is a 1409, told apart from other failures. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function createDevicesRepo(db: Database) {
  const where = (f: DeviceFilter): SQL | undefined => {
    const like = f.text ? `%${likeEscaped(f.text)}%` : undefined;
    return and(
      f.clusterName ? eq(clusters.name, f.clusterName) : undefined,
      f.type ? eq(hardwareDevices.type, f.type) : undefined,
      f.status ? eq(hardwareDevices.status, f.status) : undefined,
      like ? or(ilike(hardwareDevices.name, like), ilike(hardwareDevices.serial, like), ilike(hardwareDevices.location, like)) : undefined,
    );
  };
  const joined = () =>
    db.select({ device: hardwareDevices, clusterName: clusters.name }).from(hardwareDevices).leftJoin(clusters, eq(clusters.id, hardwareDevices.clusterId));

  return {
    async page(filter: DeviceFilter, offset: number, limit: number): Promise<{ rows: DeviceListRow[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        joined().where(where(filter)).orderBy(asc(hardwareDevices.name), asc(hardwareDevices.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(hardwareDevices).leftJoin(clusters, eq(clusters.id, hardwareDevices.clusterId)).where(where(filter)),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    async get(id: number): Promise<DeviceListRow | undefined> {
      const [row] = await joined().where(eq(hardwareDevices.id, id));
      return row;
    },

    async insert(values: NewDeviceRow): Promise<number> {
      const [row] = await db.insert(hardwareDevices).values(values).returning({ id: hardwareDevices.id });
      return row!.id;
    },

    async update(id: number, values: Partial<NewDeviceRow>): Promise<boolean> {
      const rows = await db.update(hardwareDevices).set({ ...values, updatedAt: new Date() }).where(eq(hardwareDevices.id, id)).returning({ id: hardwareDevices.id });
      return rows.length > 0;
    },

    async remove(id: number): Promise<boolean> {
      return (await db.delete(hardwareDevices).where(eq(hardwareDevices.id, id)).returning({ id: hardwareDevices.id })).length > 0;
    },
  };
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
