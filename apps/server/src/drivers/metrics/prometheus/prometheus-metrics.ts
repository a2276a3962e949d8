import { metricSeriesNames, type MetricSeriesName, type NodeSeries } from '@starlight/contract/monitor';
import { defaultNodeMapping, type MetricsDriver, type MetricsRange, type NodeMapping } from '../interface';
import { createPrometheusClient, type PromMatrix } from './prometheus-client';

export interface PrometheusMetricsConfig {
  url: string;
  mapping?: NodeMapping;
  /** Per request (default 10 s): then 1502 "did not answer". */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** PromQL string literal: node names are validated upstream, but quotes and backslashes are escaped anyway. */
const quote = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

// virtual interfaces would count every byte twice (veth pairs, bridges) or not at all (lo)
const realDevices = 'device!~"lo|veth.*|docker.*|br-.*|virbr.*|cni.*|flannel.*|cali.*|ifb.*"';

/** node_exporter's series for one node (`sel` is its label matcher), over a rate window `w`. */
function queries(sel: string, w: string): Record<MetricSeriesName, string> {
  return {
    cpu_percent: `100 * (1 - avg(rate(node_cpu_seconds_total{${sel},mode="idle"}[${w}])))`,
    load1: `max(node_load1{${sel}})`,
    load5: `max(node_load5{${sel}})`,
    load15: `max(node_load15{${sel}})`,
    memory_total_bytes: `max(node_memory_MemTotal_bytes{${sel}})`,
    memory_used_bytes: `max(node_memory_MemTotal_bytes{${sel}} - node_memory_MemAvailable_bytes{${sel}})`,
    disk_total_bytes: `max(node_filesystem_size_bytes{${sel},mountpoint="/"})`,
    disk_used_bytes: `max(node_filesystem_size_bytes{${sel},mountpoint="/"} - node_filesystem_avail_bytes{${sel},mountpoint="/"})`,
    net_rx_bytes_per_s: `sum(rate(node_network_receive_bytes_total{${sel},${realDevices}}[${w}]))`,
    net_tx_bytes_per_s: `sum(rate(node_network_transmit_bytes_total{${sel},${realDevices}}[${w}]))`,
  };
}

const toPoints = (matrix: PromMatrix[]): [number, number][] =>
  (matrix[0]?.values ?? []).map(([t, v]) => [t, Number(v)] as [number, number]).filter(([, v]) => Number.isFinite(v));

/** node_exporter metrics through the Prometheus HTTP API (query_range), one request per series, in parallel. */
export function createPrometheusMetrics({ url, mapping = defaultNodeMapping, timeoutMs = 10_000, fetch }: PrometheusMetricsConfig): MetricsDriver {
  const client = createPrometheusClient({ url, timeoutMs, fetch });
  const selectorFor = (node: string): string => `${mapping.label}=${quote(mapping.map[node] ?? mapping.template.replaceAll('{node}', node))}`;

  return {
    kind: 'prometheus',
    configured: true,
    notConfiguredInfo: null,
    selectorFor,
    async nodeSeries(node: string, range: MetricsRange): Promise<NodeSeries> {
      // rates need at least a few scrapes in their window, and should cover the step so no sample is skipped
      const window = `${Math.max(60, range.stepSeconds * 2)}s`;
      const promql = queries(selectorFor(node), window);
      const results = await Promise.all(
        metricSeriesNames.map(async (name) => [name, toPoints(await client.queryRange(promql[name], range.start, range.end, range.stepSeconds))] as const),
      );
      return Object.fromEntries(results) as NodeSeries;
    },
  };
}
