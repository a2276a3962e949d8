import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
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
  /** The ratio's denominator (the `over` metric) for the same bucket and key. */
  denom: number;
}

export interface AggregateQuery {
  source: string;
  metric: string;
  /** A ratio's denominator metric, summed beside the metric. */
  over?: string | undefined;
  start: string;
  end: string;
  grouping: Grouping;
  by: DimensionKey;
  /** One bucket for the whole range (a pie). */
  pie?: boolean;
  /** Keep the largest N keys (by `rankBy`), the rest summed as "other"; 0 or absent keeps every key. */
  top?: number | undefined;
  rankBy?: 'value' | 'count';
  cluster?: string | undefined;
  distinct?: boolean;
  /** Whole months of the range read from the rollup: from its first month start to its last month's last day. */
  months?: { from: string; to: string } | undefined;
  /** Only rows whose dimension equals the value (the group filter). */
  dimension?: { key: Exclude<DimensionKey, null>; value: string } | undefined;
}

// day::text rather than to_char: the per-row formatting was a good part of a by-day report's time
const bucketOf = (grouping: Grouping) =>
  grouping === 'day'
    ? sql<string>`${statDaily.day}::text`
    : grouping === 'week'
      ? sql<string>`(${statDaily.day} - ((extract(isodow from ${statDaily.day})::int - 1)))::text`
      : sql<string>`left(${statDaily.day}::text, 7)`;

/**
 * A source's monthly rollup: the same rows summed over a whole month, kept under `<source>@month` with the
 * month's first day (stat_daily and stat_days, no table of its own). A chart that needs no daily detail (a pie,
 * or grouping by month) reads the rolled months and only the days of the range's partial months.
 */
export const rollupOf = (source: string) => `${source}@month`;
const shiftDay = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

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
      // a month rolled up from these days is stale: dropped, rolled up again when a report next covers it
      const months = [...new Set(days.map(({ day }) => `${day.slice(0, 7)}-01`))];
      await tx.delete(statDaily).where(and(eq(statDaily.source, rollupOf(source)), inArray(statDaily.day, months)));
      await tx.delete(statDays).where(and(eq(statDays.source, rollupOf(source)), inArray(statDays.day, months)));
    });
  return {
    computedDays: async (source: string, start: string, end: string) =>
      db
        .select({ day: statDays.day, computedAt: statDays.computedAt })
        .from(statDays)
        .where(and(eq(statDays.source, source), gte(statDays.day, start), lte(statDays.day, end))),
    /** Month starts (YYYY-MM-01) of a source already rolled up, between two month starts. */
    rolledMonths: async (source: string, from: string, to: string): Promise<string[]> =>
      (await db.select({ day: statDays.day }).from(statDays).where(and(eq(statDays.source, rollupOf(source)), gte(statDays.day, from), lte(statDays.day, to)))).map((r) => r.day),
    /** Sums a whole month's daily rows into its rollup (replacing it), in one statement and transaction. */
    rollUp: (source: string, month: string, last: string) =>
      db.transaction(async (tx) => {
        await tx.delete(statDaily).where(and(eq(statDaily.source, rollupOf(source)), eq(statDaily.day, month)));
        await tx.execute(sql`insert into ${statDaily} (source, day, metric, k1, k2, k3, k4, value, count)
          select ${rollupOf(source)}, ${month}::date, metric, k1, k2, k3, k4, sum(value), sum(count)
          from ${statDaily} where source = ${source} and day >= ${month}::date and day <= ${last}::date
          group by metric, k1, k2, k3, k4`);
        await tx.insert(statDays).values({ source: rollupOf(source), day: month }).onConflictDoUpdate({ target: [statDays.source, statDays.day], set: { computedAt: sql`now()` } });
      }),
    /** One day of a source, replaced whole. */
    replaceDay: (source: string, day: string, rows: DailyRow[]) => replaceDays(source, [{ day, rows }]),
    /** Several days of a source replaced in one transaction (the demo year: one transaction, not 365). */
    replaceDays,
    /**
     * One chart's answer in one statement: sums per bucket and dimension value of the chart's metric (and of
     * its ratio's denominator, `over`), the top N values ranked in SQL over the whole range and the rest summed
     * as "other" (a pie has no bucket: its rows are one per kept value). Only N + 1 series leave the database,
     * however many users or groups the daily rows hold.
     */
    aggregate: async (q: AggregateQuery): Promise<Aggregate[]> => {
      const bucket = q.pie ? sql<string>`''` : bucketOf(q.grouping);
      const key = q.by ? sql`${statDaily[q.by]}` : sql`''`;
      const over = q.over ?? null;
      const metrics = over ? [q.metric, over] : [q.metric];
      const common = [
        inArray(statDaily.metric, metrics),
        q.cluster ? eq(statDaily.k1, q.cluster) : undefined,
        // the group filter narrows the chart's metric, never its denominator (a partition's capacity has no group)
        q.dimension ? (over ? or(eq(statDaily.metric, over), eq(statDaily[q.dimension.key], q.dimension.value)) : eq(statDaily[q.dimension.key], q.dimension.value)) : undefined,
      ];
      // the rolled months' rows instead of their days (months: first month start, last month's last day): a
      // UNION ALL of two index range scans (source, metric, day), where one OR made PostgreSQL scan the table
      const m = q.months;
      const days = (from: string, to: string) => and(eq(statDaily.source, q.source), gte(statDaily.day, from), lte(statDaily.day, to), ...common);
      // the partial months' days on either side of the rolled months, each its own range scan
      const parts = m
        ? [
            ...(q.start < m.from ? [days(q.start, shiftDay(m.from, -1))] : []),
            and(eq(statDaily.source, rollupOf(q.source)), gte(statDaily.day, m.from), lte(statDaily.day, m.to), ...common),
            ...(q.end > m.to ? [days(shiftDay(m.to, 1), q.end)] : []),
          ]
        : [days(q.start, q.end)];
      const picked =
        parts.length === 1 ? sql`${statDaily} where ${parts[0]}` : sql`(${sql.join(parts.map((where) => sql`select * from ${statDaily} where ${where}`), sql` union all `)}) as ${statDaily}`;
      const mine = sql`${statDaily.metric} = ${q.metric}`;
      const denom = over ? sql`coalesce(sum(${statDaily.value}) filter (where ${statDaily.metric} = ${over}), 0)::float8` : sql`0::float8`;
      // a distinct count sorts every row: only for the charts that show one (active users, by = null)
      const distinct = q.distinct ? sql`count(distinct ${statDaily.k1}) filter (where ${mine})::int` : sql`0`;
      const rank = q.rankBy === 'count' ? sql`count` : sql`value`;
      const top = q.top ?? 0;
      const result = (await db.execute(sql`
        with base as (
          select ${bucket} as bucket, ${key} as key,
            coalesce(sum(${statDaily.value}) filter (where ${mine}), 0)::float8 as value,
            coalesce(sum(${statDaily.count}) filter (where ${mine}), 0)::float8 as count,
            ${distinct} as distinct_n, ${denom} as denom
          from ${picked}
          group by 1, 2
        ), kept as (
          select key from base group by key having ${top}::int > 0 order by sum(${rank}) desc, key limit ${top}::int
        )
        select bucket, case when ${top}::int = 0 or key in (select key from kept) then key else 'other' end as key,
          sum(value)::float8 as value, sum(count)::float8 as count, sum(distinct_n)::int as "distinct", sum(denom)::float8 as denom
        from base group by 1, 2 order by 1, 2`)) as unknown as { rows: { bucket: string; key: string; value: number; count: number; distinct: number; denom: number }[] };
      return result.rows.map((r) => ({ bucket: r.bucket, key: r.key, value: Number(r.value), count: Number(r.count), distinct: Number(r.distinct), denom: Number(r.denom) }));
    },
    hasRows: async (source: string) => (await db.select({ n: sql<number>`1` }).from(statDaily).where(eq(statDaily.source, source)).limit(1)).length > 0,
  };
}

export type StatisticsRepo = ReturnType<typeof createStatisticsRepo>;
