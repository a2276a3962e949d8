import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
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
  const replaceDays = (source: string, days: { day: string; rows: DailyRow[] }[]) =>
    db.transaction(async (tx) => {
      if (days.length === 0) return;
      await tx.delete(statDaily).where(and(eq(statDaily.source, source), inArray(statDaily.day, days.map((d) => d.day))));
      const values = days.flatMap(({ day, rows }) => rows.map((r) => ({ day, metric: r.metric, k1: r.k1 ?? '', k2: r.k2 ?? '', k3: r.k3 ?? '', k4: r.k4 ?? '', value: r.value, count: r.count })));
      // one jsonb parameter per 5,000 rows: binding ten parameters per row made a demo year take ~10x longer on PGlite
      for (let i = 0; i < values.length; i += 5000)
        await tx.execute(sql`insert into ${statDaily} (source, day, metric, k1, k2, k3, k4, value, count)
          select ${source}, x.day, x.metric, x.k1, x.k2, x.k3, x.k4, x.value, x.count
          from jsonb_to_recordset(${JSON.stringify(values.slice(i, i + 5000))}::jsonb) as x(day date, metric text, k1 text, k2 text, k3 text, k4 text, value float8, count bigint)`);
      await tx
        .insert(statDays)
        .values(days.map(({ day }) => ({ source, day })))
        .onConflictDoUpdate({ target: [statDays.source, statDays.day], set: { computedAt: sql`now()` } });
    });
  return {
    computedDays: async (source: string, start: string, end: string) =>
      db
        .select({ day: statDays.day, computedAt: statDays.computedAt })
        .from(statDays)
        .where(and(eq(statDays.source, source), gte(statDays.day, start), lte(statDays.day, end))),
    /** One day of a source, replaced whole. */
    replaceDay: (source: string, day: string, rows: DailyRow[]) => replaceDays(source, [{ day, rows }]),
    /** Several days of a source replaced in one transaction (the demo year: one transaction, not 365). */
    replaceDays,
    /** Sums (and distinct k1 for counting users) per bucket and dimension value. */
    aggregate: async (q: { source: string; metric: string; start: string; end: string; grouping: Grouping; by: DimensionKey; cluster?: string | undefined; distinct?: boolean }): Promise<Aggregate[]> => {
      const bucket = bucketOf(q.grouping);
      const key = q.by ? statDaily[q.by] : null;
      const rows = await db
        .select({
          bucket,
          key: key ? sql<string>`${key}` : sql<string>`''`,
          value: sql<number>`sum(${statDaily.value})::float8`,
          count: sql<number>`sum(${statDaily.count})::float8`,
          // a distinct count sorts every row: only for the charts that show one (active users)
          distinct: q.distinct ? sql<number>`count(distinct ${statDaily.k1})::int` : sql<number>`0`,
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
