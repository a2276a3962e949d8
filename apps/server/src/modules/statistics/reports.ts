import type { ChartUnit, Grouping, Chart, ReportName } from '@starlight/contract/statistics';
import type { Aggregate, DimensionKey } from './statistics.repo';

/**
 * How a chart is made from daily rows: which metric, split by which dimension, and what number each
 * bucket shows (a sum, an average per event, distinct users, or a ratio to another metric).
 */
export interface ChartSpec {
  id: string;
  kind: Chart['kind'];
  unit: ChartUnit;
  metric: string;
  by: DimensionKey;
  measure: 'value' | 'count' | 'distinct' | 'average' | 'ratio';
  /** ratio: the denominator's metric (same dimension). */
  over?: string;
  /** Keep the largest N series; the rest are summed as "other". */
  top?: number;
  /**
   * The rows this chart reads when the report is filtered to one group: the twin metric and the key that
   * holds the group there (resource: core_group has it in k2, core_user and size_g in k3). A chart without one
   * cannot be split by group and is left out of a filtered report.
   */
  grouped?: { metric: string; key: 'k2' | 'k3' };
}

const hours = (seconds: number) => seconds / 3600;
const scale: Record<ChartUnit, (v: number) => number> = { count: (v) => v, core_hours: hours, gpu_hours: hours, minutes: (v) => v / 60, hours, percent: (v) => v, gigabytes: (v) => v / 1e9 };

/** The charts of each report (a report whose source is not registered names it instead). */
export const reportCharts: Partial<Record<ReportName, ChartSpec[]>> = {
  'active-users': [
    { id: 'activeUsers', kind: 'line', unit: 'count', metric: 'active', by: null, measure: 'distinct' },
    { id: 'registrations', kind: 'bar', unit: 'count', metric: 'registered', by: null, measure: 'count' },
    { id: 'signInsByMethod', kind: 'stacked', unit: 'count', metric: 'sign_in', by: 'k1', measure: 'count' },
  ],
  resource: [
    { id: 'coreHoursByCluster', kind: 'stacked', unit: 'core_hours', metric: 'core_cluster', by: 'k1', measure: 'value', top: 8, grouped: { metric: 'core_group', key: 'k2' } },
    { id: 'coreHoursByPartition', kind: 'stacked', unit: 'core_hours', metric: 'core_partition', by: 'k2', measure: 'value', top: 8 },
    { id: 'coreHoursByGroup', kind: 'pie', unit: 'core_hours', metric: 'core_group', by: 'k2', measure: 'value', top: 10, grouped: { metric: 'core_group', key: 'k2' } },
    { id: 'coreHoursByCommunity', kind: 'pie', unit: 'core_hours', metric: 'core_community', by: 'k2', measure: 'value', top: 10 },
    { id: 'coreHoursByUser', kind: 'pie', unit: 'core_hours', metric: 'core_user', by: 'k2', measure: 'value', top: 10, grouped: { metric: 'core_user', key: 'k3' } },
    { id: 'gpuHoursByCluster', kind: 'stacked', unit: 'gpu_hours', metric: 'gpu', by: 'k1', measure: 'value', top: 8, grouped: { metric: 'gpu', key: 'k3' } },
    { id: 'gpuHoursByPartition', kind: 'stacked', unit: 'gpu_hours', metric: 'gpu', by: 'k2', measure: 'value', top: 8, grouped: { metric: 'gpu', key: 'k3' } },
    { id: 'gpuHoursByCommunity', kind: 'pie', unit: 'gpu_hours', metric: 'gpu', by: 'k4', measure: 'value', top: 10 },
    { id: 'waitTime', kind: 'line', unit: 'minutes', metric: 'wait', by: 'k2', measure: 'average', top: 8 },
    { id: 'jobSize', kind: 'pie', unit: 'count', metric: 'size', by: 'k1', measure: 'count', grouped: { metric: 'size_g', key: 'k3' } },
    { id: 'utilisation', kind: 'line', unit: 'percent', metric: 'core_partition', by: 'k2', measure: 'ratio', over: 'capacity', top: 8 },
  ],
  workflow: [
    { id: 'runsByApp', kind: 'stacked', unit: 'count', metric: 'launched', by: 'k1', measure: 'count', top: 8 },
    { id: 'runOutcomes', kind: 'stacked', unit: 'count', metric: 'ended', by: 'k2', measure: 'count' },
    { id: 'successRate', kind: 'line', unit: 'percent', metric: 'succeeded', by: null, measure: 'ratio', over: 'finished' },
    { id: 'runDuration', kind: 'line', unit: 'minutes', metric: 'ended', by: 'k1', measure: 'average', top: 8 },
  ],
  app: [
    { id: 'launchesByApp', kind: 'stacked', unit: 'count', metric: 'launch', by: 'k1', measure: 'count', top: 8 },
    { id: 'launchesByLabel', kind: 'pie', unit: 'count', metric: 'launch_label', by: 'k1', measure: 'count', top: 10 },
    { id: 'launchingUsers', kind: 'line', unit: 'count', metric: 'launcher', by: null, measure: 'distinct' },
  ],
  approval: [
    { id: 'applicationsByKind', kind: 'stacked', unit: 'count', metric: 'applied', by: 'k1', measure: 'count' },
    { id: 'decisionOutcomes', kind: 'pie', unit: 'count', metric: 'decided', by: 'k2', measure: 'count' },
    { id: 'timeToDecision', kind: 'line', unit: 'hours', metric: 'decided', by: 'k1', measure: 'average' },
    { id: 'timePerNode', kind: 'bar', unit: 'hours', metric: 'node', by: 'k1', measure: 'average', top: 8 },
  ],
  image: [
    { id: 'pullsByNamespace', kind: 'stacked', unit: 'count', metric: 'pull', by: 'k1', measure: 'count', top: 8 },
    { id: 'pushesByNamespace', kind: 'stacked', unit: 'count', metric: 'push', by: 'k1', measure: 'count', top: 8 },
    { id: 'storageByNamespace', kind: 'line', unit: 'gigabytes', metric: 'storage', by: 'k1', measure: 'average', top: 8 },
  ],
  // the tickets module's source (tickets/ticket-statistics.ts): opened, first response and resolution by category
  ticket: [
    { id: 'ticketsByCategory', kind: 'stacked', unit: 'count', metric: 'opened', by: 'k1', measure: 'count' },
    { id: 'firstResponseTime', kind: 'line', unit: 'hours', metric: 'first_response', by: 'k1', measure: 'average' },
    { id: 'resolutionTime', kind: 'line', unit: 'hours', metric: 'resolved', by: 'k1', measure: 'average' },
    { id: 'resolvedByCategory', kind: 'pie', unit: 'count', metric: 'resolved', by: 'k1', measure: 'count' },
  ],
};

/** Every bucket label of a range, so a quiet day shows as 0 rather than missing. */
export function bucketsOf(start: string, end: string, grouping: Grouping): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    let label = d.toISOString().slice(0, 10);
    if (grouping === 'month') label = label.slice(0, 7);
    if (grouping === 'week') label = new Date(t - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    if (!seen.has(label)) {
      seen.add(label);
      out.push(label);
    }
  }
  return out;
}

const measureOf = (spec: ChartSpec, a: Aggregate): number =>
  spec.measure === 'value' ? a.value : spec.measure === 'count' ? a.count : spec.measure === 'distinct' ? a.distinct : spec.measure === 'average' ? (a.count ? a.value / a.count : 0) : a.value;

/** What the top N of a chart are ranked by (in SQL, over the whole range). */
export const rankOf = (spec: ChartSpec): 'value' | 'count' => (spec.measure === 'count' || spec.measure === 'average' ? 'count' : 'value');

/**
 * Aggregates (already ranked in SQL: at most N kept keys and "other") → one chart: series per key, values
 * scaled to the unit, 2 decimals. A pie's rows have one bucket for the whole range.
 */
export function buildChart(spec: ChartSpec, buckets: string[], rows: Aggregate[]): Chart {
  const index = new Map(buckets.map((b, i) => [b, i]));
  const nameOf = (key: string) => key || 'all';
  const round = (v: number) => Math.round(v * 100) / 100;

  if (spec.kind === 'pie') {
    const sums = new Map<string, number>();
    for (const r of rows) sums.set(nameOf(r.key), (sums.get(nameOf(r.key)) ?? 0) + measureOf(spec, r));
    return { id: spec.id, kind: spec.kind, unit: spec.unit, buckets: [], series: [...sums].map(([name, v]) => ({ name, data: [round(scale[spec.unit](v))] })) };
  }
  const numer = new Map<string, number[]>();
  const denom = new Map<string, number[]>();
  const cell = (map: Map<string, number[]>, name: string) => map.get(name) ?? map.set(name, buckets.map(() => 0)).get(name)!;
  for (const r of rows) {
    const i = index.get(r.bucket);
    if (i === undefined) continue;
    const name = nameOf(r.key);
    // a ratio's denominator alone (capacity of a partition without jobs) makes no series
    if (spec.measure === 'ratio' && r.value === 0 && !numer.has(name)) {
      cell(denom, name)[i]! += r.denom;
      continue;
    }
    cell(numer, name)[i]! += spec.measure === 'average' ? r.value : measureOf(spec, r);
    if (spec.measure === 'average') cell(denom, name)[i]! += r.count;
    if (spec.measure === 'ratio') cell(denom, name)[i]! += r.denom;
  }
  const series = [...numer].map(([name, data]) => ({
    name,
    data: data.map((v, i) => {
      if (spec.measure === 'average') return round(scale[spec.unit](v / (denom.get(name)?.[i] || 1)));
      if (spec.measure === 'ratio') return round(((v / (denom.get(name)?.[i] || Infinity)) || 0) * 100);
      return round(scale[spec.unit](v));
    }),
  }));
  return { id: spec.id, kind: spec.kind, unit: spec.unit, buckets, series };
}
