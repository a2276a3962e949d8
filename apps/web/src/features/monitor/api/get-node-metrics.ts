import { queryOptions, useQuery } from '@tanstack/react-query';
import { nodeMetricsSchema, type MetricsWindow, type NodeMetrics } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

/** The 1h window refreshes with Prometheus' scrapes; the longer ones less often. */
const refreshMs: Record<MetricsWindow, number> = { '1h': 30_000, '6h': 60_000, '24h': 300_000, '7d': 600_000 };

export async function getNodeMetrics(cluster: string, node: string, window: MetricsWindow, signal?: AbortSignal): Promise<NodeMetrics> {
  const path = `/monitor/metrics/nodes/${encodeURIComponent(cluster)}/${encodeURIComponent(node)}`;
  return nodeMetricsSchema.parse(await apiSpec(path, { query: { window }, signal, timeoutHeader: 15 }));
}

export const nodeMetricsQueryOptions = (cluster: string, node: string, window: MetricsWindow) =>
  queryOptions({
    queryKey: ['monitor', 'metrics', cluster, node, window],
    queryFn: ({ signal }) => getNodeMetrics(cluster, node, window, signal),
    refetchInterval: refreshMs[window],
    staleTime: 10_000,
  });

export function useNodeMetrics(cluster: string | undefined, node: string | undefined, window: MetricsWindow) {
  return useQuery({ ...nodeMetricsQueryOptions(cluster ?? '', node ?? '', window), enabled: Boolean(cluster && node) });
}
