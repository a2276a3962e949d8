import type { Report, ReportName, ReportQuery } from '@starlight/contract/statistics';
import { buildChart, bucketsOf, reportCharts } from './reports';
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
      const buckets = bucketsOf(query.start, query.end, query.group_by);
      const cluster = name === 'resource' ? query.field_eq_cluster : undefined;
      const aggregate = (metric: string, by: (typeof specs)[number]['by'], distinct = false) =>
        repo.aggregate({ source: name, metric, start: query.start, end: query.end, grouping: query.group_by, by, cluster, distinct });
      const charts = await Promise.all(
        specs.map(async (spec) => buildChart(spec, buckets, await aggregate(spec.metric, spec.by, spec.measure === 'distinct'), spec.over ? await aggregate(spec.over, spec.by) : [])),
      );
      return { report: name, source_available: true, missing_source: null, charts, took_ms: Math.round(performance.now() - started) };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
