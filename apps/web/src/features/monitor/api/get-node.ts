import { queryOptions, useQuery } from '@tanstack/react-query';
import { monitorNodeDetailSchema, type MonitorNodeDetail } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';
import { nodesRefreshMs } from './get-nodes';

export async function getNode(cluster: string, node: string, signal?: AbortSignal): Promise<MonitorNodeDetail> {
  return monitorNodeDetailSchema.parse(await apiSpec(`/monitor/nodes/${encodeURIComponent(cluster)}/${encodeURIComponent(node)}`, { signal, timeoutHeader: 15 }));
}

export const nodeQueryOptions = (cluster: string, node: string) =>
  queryOptions({ queryKey: ['monitor', 'node', cluster, node], queryFn: ({ signal }) => getNode(cluster, node, signal), refetchInterval: nodesRefreshMs, staleTime: 5_000 });

export function useNode(cluster: string | undefined, node: string) {
  return useQuery({ ...nodeQueryOptions(cluster ?? '', node), enabled: Boolean(cluster) });
}
