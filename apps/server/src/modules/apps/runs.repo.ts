import { and, count, desc, eq, gte, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appLabels, appRuns, apps, appVersions } from '../../db/schema/apps';
import { clusters } from '../../db/schema/hpc';
import { users } from '../../db/schema/identity';
import { labels } from '../../db/schema/labels';

export type RunRecord = typeof appRuns.$inferSelect;
export type RunRow = RunRecord & { appName: string; appTitle: string; version: number; userName: string; clusterName: string };

export interface RunFilter {
  userId?: number;
  states?: string[];
  appName?: string;
  clusterName?: string;
}

const finished = ['done', 'failed', 'cancelled'];

export function createRunsRepo(db: Database) {
  const select = () =>
    db
      .select({ run: appRuns, appName: apps.name, appTitle: apps.title, version: appVersions.version, userName: users.userName, clusterName: clusters.name })
      .from(appRuns)
      .innerJoin(apps, eq(apps.id, appRuns.appId))
      .innerJoin(appVersions, eq(appVersions.id, appRuns.versionId))
      .innerJoin(users, eq(users.id, appRuns.userId))
      .innerJoin(clusters, eq(clusters.id, appRuns.clusterId));
  type Joined = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const toRow = (r: Joined): RunRow => ({ ...r.run, appName: r.appName, appTitle: r.appTitle, version: r.version, userName: r.userName, clusterName: r.clusterName });
  const where = (f: RunFilter): SQL | undefined =>
    and(
      f.userId === undefined ? undefined : eq(appRuns.userId, f.userId),
      f.states?.length ? inArray(appRuns.state, f.states) : undefined,
      f.appName ? eq(apps.name, f.appName) : undefined,
      f.clusterName ? eq(clusters.name, f.clusterName) : undefined,
    );
  return {
    async insert(run: Omit<typeof appRuns.$inferInsert, 'id'>): Promise<number> {
      const [row] = await db.insert(appRuns).values(run).returning({ id: appRuns.id });
      return row!.id;
    },
    update: (id: number, patch: Partial<typeof appRuns.$inferInsert>) => db.update(appRuns).set(patch).where(eq(appRuns.id, id)),
    async byUuid(uuid: string): Promise<RunRow | undefined> {
      const [row] = await select().where(eq(appRuns.uuid, uuid));
      return row && toRow(row);
    },
    async page(filter: RunFilter, offset: number, limit: number): Promise<{ rows: RunRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        select().where(where(filter)).orderBy(desc(appRuns.createdAt), desc(appRuns.id)).offset(offset).limit(limit),
        db
          .select({ n: count() })
          .from(appRuns)
          .innerJoin(apps, eq(apps.id, appRuns.appId))
          .innerJoin(clusters, eq(clusters.id, appRuns.clusterId))
          .where(where(filter)),
      ]);
      return { rows: rows.map(toRow), total: total?.n ?? 0 };
    },
    /** Runs the engine may still change (re-read after a restart). */
    unfinished: async (): Promise<RunRow[]> => (await select().where(notInArray(appRuns.state, finished))).map(toRow),
    /** Runs launched or ended in [from, to), with their app's labels (the statistics module's workflow and app reports). */
    async activityBetween(from: Date, to: Date): Promise<RunActivity[]> {
      const rows = await db
        .select({ appId: appRuns.appId, app: apps.name, user: users.userName, state: appRuns.state, createdAt: appRuns.createdAt, startedAt: appRuns.startedAt, endedAt: appRuns.endedAt })
        .from(appRuns)
        .innerJoin(apps, eq(apps.id, appRuns.appId))
        .innerJoin(users, eq(users.id, appRuns.userId))
        .where(or(and(gte(appRuns.createdAt, from), lt(appRuns.createdAt, to)), and(gte(appRuns.endedAt, from), lt(appRuns.endedAt, to))));
      const ids = [...new Set(rows.map((r) => r.appId))];
      const labelRows = ids.length ? await db.select({ appId: appLabels.appId, name: labels.name }).from(appLabels).innerJoin(labels, eq(labels.id, appLabels.labelId)).where(inArray(appLabels.appId, ids)) : [];
      return rows.map(({ appId, ...r }) => ({ ...r, labels: labelRows.filter((l) => l.appId === appId).map((l) => l.name) }));
    },
    pinnedCount: async (versionId: number): Promise<number> => (await db.select({ n: count() }).from(appRuns).where(eq(appRuns.versionId, versionId)))[0]?.n ?? 0,
  };
}

export interface RunActivity {
  app: string;
  user: string;
  state: string;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  labels: string[];
}

export type RunsRepo = ReturnType<typeof createRunsRepo>;
