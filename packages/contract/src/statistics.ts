import { z } from 'zod';

/**
 * Statistics reports (spec §2 /statistics): each answers from pre-aggregated daily rows. A report whose
 * source module is not installed answers `source_available: false` naming the source, never made-up data.
 */
export const reportNames = ['active-users', 'resource', 'workflow', 'approval', 'image', 'app', 'ticket'] as const;
export type ReportName = (typeof reportNames)[number];
export const groupings = ['day', 'week', 'month'] as const;
export type Grouping = (typeof groupings)[number];
export const chartKinds = ['line', 'bar', 'stacked', 'pie'] as const;
export const chartUnits = ['count', 'core_hours', 'gpu_hours', 'minutes', 'hours', 'percent', 'gigabytes'] as const;
export type ChartUnit = (typeof chartUnits)[number];
/** The longest range a report answers (spec: more than 10 years is refused). */
export const maxReportDays = 3653;

/** A calendar day YYYY-MM-DD that exists (2024-02-30 does not). */
const isoDay = z.string().refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}, 'a date YYYY-MM-DD');
const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000;

export const reportQuerySchema = z
  .object({
    start: isoDay,
    end: isoDay,
    group_by: z.enum(groupings).default('day'),
    field_eq_cluster: z.string().max(64).optional(),
    /**
     * Only this group's usage (resource: the group the jobs were charged to). Callers without the report's
     * key may ask only for their own or an administered group (else 1403 naming this field).
     */
    field_eq_group: z.string().min(1).max(64).optional(),
  })
  .superRefine((q, ctx) => {
    const span = dayNumber(q.end) - dayNumber(q.start);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'the end is before the start' });
    else if (span > maxReportDays) ctx.addIssue({ code: 'custom', path: ['end'], message: 'a range of at most 10 years' });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export const reportParamsSchema = z.object({ name: z.enum(reportNames) });

export const chartSchema = z.object({
  /** The chart's key (its title is translated in the browser: statistics:charts.<id>). */
  id: z.string(),
  kind: z.enum(chartKinds),
  unit: z.enum(chartUnits),
  /** The x axis: bucket labels (YYYY-MM-DD, week start, YYYY-MM); empty for a pie. */
  buckets: z.array(z.string()),
  /** One series per key (cluster, partition, method…); a pie has one value per series. */
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
});
export type Chart = z.infer<typeof chartSchema>;
export const reportSchema = z.object({
  report: z.enum(reportNames),
  source_available: z.boolean(),
  /** The module whose data this report needs, when it is not installed. */
  missing_source: z.string().nullable(),
  charts: z.array(chartSchema),
  /** Milliseconds the server spent answering (aggregation included). */
  took_ms: z.number(),
});
export type Report = z.infer<typeof reportSchema>;
export const demoStatisticsSchema = z.object({ rows: z.number().int(), days: z.number().int() });
