import { queryOptions, useQuery } from '@tanstack/react-query';
import { monitorNodeListSchema, type MonitorNodeList } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

/** Node states change with the jobs on them: the table refreshes every 10 s while open. */
export const nodesRefreshMs = 10_000;

export async function getNodes(signal?: AbortSignal): Promise<MonitorNodeList> {
  return monitorNodeListSchema.parse(await apiSpec('/monitor/nodes', { signal, timeoutHeader: 15 }));
}

export const nodesQueryOptions = () =>
  queryOptions({ queryKey: ['monitor', 'nodes'], queryFn: ({ signal }) => getNodes(signal), refetchInterval: nodesRefreshMs, staleTime: 5_000 });

export function useNodes(enabled = true) {
  return useQuery({ ...nodesQueryOptions(), enabled });
}
