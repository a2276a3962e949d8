import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Grouping } from '@starlight/contract/statistics';
import type { Database } from '../../db/client';
import { statDaily, statDays } from '../../db/schema/statistics';
import type { DailyRow } from './sources';

export type DimensionKey = 'k1' | 'k2' | 'k3' | 'k4' | null;
export interface Aggregate {
  bucket: string;
  key: string;
  value: number;
  count: number;
  distinct: number;
}

const bucketOf = (grouping: Grouping) =>
  grouping === 'day'
    ? sql<string>`to_char(${statDaily.day}, 'YYYY-MM-DD')`
    : grouping === 'week'
      ? sql<string>`to_char(date_trunc('week', ${statDaily.day}::timestamp), 'YYYY-MM-DD')`
      : sql<string>`to_char(${statDaily.day}, 'YYYY-MM')`;

export function createStatisticsRepo(db: Database) {
  return {
    computedDays: async (source: string, start: string, end: string) =>
      db
        .select({ day: statDays.day, computedAt: statDays.computedAt })
        .from(statDays)
        .where(and(eq(statDays.source, source), gte(statDays.day, start), lte(statDays.day, end))),
    /** One day of a source, replaced whole. */
    replaceDay: (source: string, day: string, rows: DailyRow[]) =>
      db.transaction(async (tx) => {
        await tx.delete(statDaily).where(and(eq(statDaily.source, source), eq(statDaily.day, day)));
        for (let i = 0; i < rows.length; i += 1000)
          await tx.insert(statDaily).values(rows.slice(i, i + 1000).map((r) => ({ source, day, metric: r.metric, k1: r.k1 ?? '', k2: r.k2 ?? '', k3: r.k3 ?? '', k4: r.k4 ?? '', value: r.value, count: r.count })));
        await tx
          .insert(statDays)
          .values({ source, day })
          .onConflictDoUpdate({ target: [statDays.source, statDays.day], set: { computedAt: sql`now()` } });
      }),
    /** Sums (and distinct k1 for counting users) per bucket and dimension value. */
    aggregate: async (q: { source: string; metric: string; start: string; end: string; grouping: Grouping; by: DimensionKey; cluster?: string | undefined }): Promise<Aggregate[]> => {
      const bucket = bucketOf(q.grouping);
      const key = q.by ? statDaily[q.by] : null;
      const rows = await db
        .select({
          bucket,
          key: key ? sql<string>`${key}` : sql<string>`''`,
          value: sql<number>`sum(${statDaily.value})::float8`,
          count: sql<number>`sum(${statDaily.count})::float8`,
          distinct: sql<number>`count(distinct ${statDaily.k1})::int`,
        })
        .from(statDaily)
        .where(and(eq(statDaily.source, q.source), eq(statDaily.metric, q.metric), gte(statDaily.day, q.start), lte(statDaily.day, q.end), q.cluster ? eq(statDaily.k1, q.cluster) : undefined))
        .groupBy(...(key ? [bucket, key] : [bucket]))
        .orderBy(bucket);
      return rows.map((r) => ({ bucket: r.bucket, key: r.key, value: Number(r.value), count: Number(r.count), distinct: Number(r.distinct) }));
    },
    hasRows: async (source: string) => (await db.select({ n: sql<number>`1` }).from(statDaily).where(eq(statDaily.source, source)).limit(1)).length > 0,
  };
}

export type StatisticsRepo = ReturnType<typeof createStatisticsRepo>;
