import type { Report, ReportName, ReportQuery } from '@starlight/contract/statistics';
import { buildChart, bucketsOf, rankOf, reportCharts } from './reports';
import type { StatisticsRepo } from './statistics.repo';
import type { StatisticsSource } from './sources';

/** The modules that will feed the reports built later (wired at merge): the page names the missing one. */
export const pendingSources: Partial<Record<ReportName, string>> = {
  workflow: 'workflows (application center)',
  approval: 'approvals',
  image: 'image hub',
  app: 'application center',
  ticket: 'tickets',
};

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const dayMs = 86_400_000;

/**
 * Reports from pre-aggregated daily rows. A day is computed from its source's service the first time a
 * report covers it; a day is "closed" once computed more than an hour after it ended, and kept; today
 * and a day computed too early are recomputed when asked again.
 */
export function createStatisticsService({ repo, sources, now = () => new Date() }: { repo: StatisticsRepo; sources: StatisticsSource[]; now?: () => Date }) {
  const byName = new Map(sources.map((s) => [s.name, s]));

  async function ensureDays(source: StatisticsSource, start: string, end: string): Promise<void> {
    const today = dayOf(now());
    const last = end < today ? end : today;
    if (last < start) return;
    const done = new Map((await repo.computedDays(source.name, start, last)).map((d) => [d.day, d.computedAt.getTime()]));
    for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += dayMs) {
      const day = new Date(t);
      const computed = done.get(dayOf(day));
      if (computed !== undefined && computed > t + dayMs + 3600_000) continue;
      await repo.replaceDay(source.name, dayOf(day), await source.computeDay(day, new Date(t + dayMs)));
    }
  }

  /**
   * The whole months inside [start, end] that ended more than two days ago (every day of them closed),
   * rolled up when not yet; answers their span (first month start, last month's last day) or undefined.
   */
  async function ensureMonths(source: StatisticsSource, start: string, end: string): Promise<{ from: string; to: string } | undefined> {
    const closedBefore = dayOf(new Date(now().getTime() - 2 * dayMs));
    const months: { month: string; last: string }[] = [];
    const first = new Date(`${start.slice(0, 7)}-01T00:00:00Z`);
    for (let d = first; ; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) {
      const month = dayOf(d);
      const last = dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
      if (last > end || last >= closedBefore) break;
      if (month >= start) months.push({ month, last });
    }
    if (months.length === 0) return undefined;
    const rolled = new Set(await repo.rolledMonths(source.name, months[0]!.month, months.at(-1)!.month));
    for (const m of months) if (!rolled.has(m.month)) await repo.rollUp(source.name, m.month, m.last);
    return { from: months[0]!.month, to: months.at(-1)!.last };
  }

  return {
    /** A module that lands later registers its source here (see README). */
    register(source: StatisticsSource) {
      byName.set(source.name, source);
    },
    async report(name: ReportName, query: ReportQuery): Promise<Report> {
      const started = performance.now();
      const specs = reportCharts[name];
      const source = byName.get(name);
      if (!specs || !source) {
        const missing = pendingSources[name] ?? name;
        return { report: name, source_available: false, missing_source: missing, charts: [], took_ms: 0 };
      }
      await ensureDays(source, query.start, query.end);
      // a pie, or grouping by month, needs no day: it reads the rolled-up months and the partial months' days
      const months = query.group_by === 'month' || specs.some((spec) => spec.kind === 'pie') ? await ensureMonths(source, query.start, query.end) : undefined;
      const buckets = bucketsOf(query.start, query.end, query.group_by);
      const cluster = name === 'resource' ? query.field_eq_cluster : undefined;
      const charts: Report['charts'] = [];
      // one statement per chart (PGlite runs them one at a time anyway)
      const group = query.field_eq_group;
      for (const spec of specs) {
        // filtered to one group: the chart's twin rows that carry the group; a chart without one is left out
        if (group && !spec.grouped) continue;
        const rows = await repo.aggregate({
          source: name,
          metric: group && spec.grouped ? spec.grouped.metric : spec.metric,
          dimension: group && spec.grouped ? { key: spec.grouped.key, value: group } : undefined,
          over: spec.over,
          start: query.start,
          end: query.end,
          grouping: query.group_by,
          by: spec.by,
          pie: spec.kind === 'pie',
          months: spec.kind === 'pie' || query.group_by === 'month' ? months : undefined,
          top: spec.top,
          rankBy: rankOf(spec),
          cluster,
          distinct: spec.measure === 'distinct',
        });
        charts.push(buildChart(spec, buckets, rows));
      }
      return { report: name, source_available: true, missing_source: null, charts, took_ms: Math.round(performance.now() - started) };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
