import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appLabels, appParams, apps, appVersions } from '../../db/schema/apps';
import { users } from '../../db/schema/identity';
import { labels, labelTypes } from '../../db/schema/labels';

export type AppRow = typeof apps.$inferSelect & { ownerUserName: string | null };
export type AppVersionRow = typeof appVersions.$inferSelect;
export type AppParamRow = typeof appParams.$inferSelect;
export type NewAppVersion = Omit<typeof appVersions.$inferInsert, 'id' | 'appId' | 'version' | 'createdAt'>;

/** A unique index said no (the app name is taken). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const likeEscaped = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AppFilter {
  nameContains?: string;
  labelIds?: number[];
  /** Visible to this user (owner, group mates of the owner, public); undefined: every app. */
  visibleTo?: { userId: number; groupOwnerIds: number[] };
  ownedBy?: number;
}

export function createAppsRepo(db: Database) {
  const selectApp = () =>
    db
      .select({ app: apps, ownerUserName: users.userName })
      .from(apps)
      .leftJoin(users, eq(users.id, apps.ownerUserId));
  const toRow = (r: { app: typeof apps.$inferSelect; ownerUserName: string | null }): AppRow => ({ ...r.app, ownerUserName: r.ownerUserName });
  const where = (f: AppFilter): SQL | undefined =>
    and(
      eq(apps.deleted, false),
      f.nameContains ? or(ilike(apps.name, likeEscaped(f.nameContains)), ilike(apps.title, likeEscaped(f.nameContains))) : undefined,
      f.labelIds?.length ? sql`exists (select 1 from "app_labels" al where al."app_id" = "apps"."id" and al."label_id" in ${sql.raw(`(${f.labelIds.map(Number).join(',')})`)})` : undefined,
      f.ownedBy === undefined ? undefined : eq(apps.ownerUserId, f.ownedBy),
      f.visibleTo
        ? or(
            eq(apps.visibility, 'public'),
            eq(apps.ownerUserId, f.visibleTo.userId),
            f.visibleTo.groupOwnerIds.length ? and(eq(apps.visibility, 'group'), inArray(apps.ownerUserId, f.visibleTo.groupOwnerIds)) : undefined,
          )
        : undefined,
    );

  return {
    async page(filter: AppFilter, offset: number, limit: number): Promise<{ rows: AppRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        selectApp().where(where(filter)).orderBy(desc(apps.updatedAt), desc(apps.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(apps).where(where(filter)),
      ]);
      return { rows: rows.map(toRow), total: total?.n ?? 0 };
    },
    async byName(name: string): Promise<AppRow | undefined> {
      const [row] = await selectApp().where(and(eq(apps.name, name), eq(apps.deleted, false)));
      return row && toRow(row);
    },
    async byId(id: number): Promise<AppRow | undefined> {
      const [row] = await selectApp().where(and(eq(apps.id, id), eq(apps.deleted, false)));
      return row && toRow(row);
    },
    namesExist: async (names: string[]): Promise<Set<string>> =>
      names.length ? new Set((await db.select({ name: apps.name }).from(apps).where(and(inArray(apps.name, names), eq(apps.deleted, false)))).map((r) => r.name)) : new Set(),

    /** The app and its first version in one transaction (1409 on a taken name). */
    async create(app: Omit<typeof apps.$inferInsert, 'id' | 'latestVersion'>, version: NewAppVersion): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(apps).values({ ...app, latestVersion: 1 }).returning({ id: apps.id });
        await tx.insert(appVersions).values({ ...version, appId: row!.id, version: 1 });
        return row!.id;
      });
    },
    /** The next version number, taken under a row lock so two saves never share one. */
    async addVersion(appId: number, version: NewAppVersion, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ latest: apps.latestVersion }).from(apps).where(eq(apps.id, appId)).for('update');
        const next = (locked?.latest ?? 0) + 1;
        await tx.insert(appVersions).values({ ...version, appId, version: next });
        await tx.update(apps).set({ latestVersion: next, cwlClass: version.cwlClass, updatedAt: now }).where(eq(apps.id, appId));
        return next;
      });
    },
    update: (appId: number, patch: Partial<typeof apps.$inferInsert>) => db.update(apps).set(patch).where(eq(apps.id, appId)),
    async version(appId: number, version: number): Promise<AppVersionRow | undefined> {
      const [row] = await db.select().from(appVersions).where(and(eq(appVersions.appId, appId), eq(appVersions.version, version)));
      return row;
    },
    async versionById(id: number): Promise<AppVersionRow | undefined> {
      const [row] = await db.select().from(appVersions).where(eq(appVersions.id, id));
      return row;
    },
    versionNumbers: async (appId: number): Promise<number[]> =>
      (await db.select({ v: appVersions.version }).from(appVersions).where(eq(appVersions.appId, appId)).orderBy(desc(appVersions.version))).map((r) => r.v),
    deleteVersion: (id: number) => db.delete(appVersions).where(eq(appVersions.id, id)),

    async labelsOf(appIds: number[]): Promise<Map<number, { id: number; name: string; label_type_name: string }[]>> {
      const out = new Map<number, { id: number; name: string; label_type_name: string }[]>();
      if (!appIds.length) return out;
      const rows = await db
        .select({ appId: appLabels.appId, id: labels.id, name: labels.name, type: labelTypes.name })
        .from(appLabels)
        .innerJoin(labels, eq(labels.id, appLabels.labelId))
        .innerJoin(labelTypes, eq(labelTypes.id, labels.labelTypeId))
        .where(inArray(appLabels.appId, appIds))
        .orderBy(labels.name);
      for (const r of rows) out.set(r.appId, [...(out.get(r.appId) ?? []), { id: r.id, name: r.name, label_type_name: r.type }]);
      return out;
    },
    async relations(filter: { appId?: number; labelId?: number }, offset: number, limit: number) {
      const w = and(filter.appId ? eq(appLabels.appId, filter.appId) : undefined, filter.labelId ? eq(appLabels.labelId, filter.labelId) : undefined, eq(apps.deleted, false));
      const base = () =>
        db
          .select({ app_id: appLabels.appId, label_id: appLabels.labelId, app_name: apps.name, label_name: labels.name, label_type_name: labelTypes.name })
          .from(appLabels)
          .innerJoin(apps, eq(apps.id, appLabels.appId))
          .innerJoin(labels, eq(labels.id, appLabels.labelId))
          .innerJoin(labelTypes, eq(labelTypes.id, labels.labelTypeId));
      const [rows, [total]] = await Promise.all([
        base().where(w).orderBy(apps.name, labels.name).offset(offset).limit(limit),
        db.select({ n: count() }).from(appLabels).innerJoin(apps, eq(apps.id, appLabels.appId)).where(w),
      ]);
      return { list: rows, total: total?.n ?? 0 };
    },
    labelExists: async (id: number) => (await db.select({ id: labels.id }).from(labels).where(eq(labels.id, id))).length > 0,
    relate: (appId: number, labelId: number) => db.insert(appLabels).values({ appId, labelId }).onConflictDoNothing(),
    unrelate: async (appId: number, labelId: number) =>
      (await db.delete(appLabels).where(and(eq(appLabels.appId, appId), eq(appLabels.labelId, labelId))).returning()).length,

    params: () => db.select().from(appParams).orderBy(appParams.cluster, appParams.partition),
    async paramFor(cluster: string, partition: string): Promise<AppParamRow | undefined> {
      const [row] = await db.select().from(appParams).where(and(eq(appParams.cluster, cluster), eq(appParams.partition, partition)));
      return row;
    },
    async saveParam(values: Omit<typeof appParams.$inferInsert, 'id'>): Promise<AppParamRow> {
      const [row] = await db
        .insert(appParams)
        .values(values)
        .onConflictDoUpdate({ target: [appParams.cluster, appParams.partition], set: values })
        .returning();
      return row!;
    },
    deleteParam: async (id: number) => (await db.delete(appParams).where(eq(appParams.id, id)).returning()).length,
  };
}

export type AppsRepo = ReturnType<typeof createAppsRepo>;
