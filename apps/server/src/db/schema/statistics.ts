import { bigint, date, doublePrecision, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Pre-aggregated daily rows of every report (modules/statistics): one row per source, metric, UTC day and
 * up to four dimension values (cluster, partition, group, user … as the source defines them; '' when unused).
 * `value` is a sum (core-seconds, seconds waited) and `count` how many events made it, so averages and
 * week/month groupings are sums of sums. A day is recomputed whole (delete + insert) from the source's service.
 */
export const statDaily = pgTable(
  'stat_daily',
  {
    source: text('source').notNull(),
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    k1: text('k1').notNull().default(''),
    k2: text('k2').notNull().default(''),
    k3: text('k3').notNull().default(''),
    k4: text('k4').notNull().default(''),
    value: doublePrecision('value').notNull().default(0),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('stat_daily_key').on(t.source, t.metric, t.day, t.k1, t.k2, t.k3, t.k4), index('stat_daily_day_idx').on(t.source, t.day)],
);

/** Which days of a source are computed, and when (a day still open is recomputed; a closed one is kept). */
export const statDays = pgTable(
  'stat_days',
  {
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stat_days_key').on(t.source, t.day)],
);
