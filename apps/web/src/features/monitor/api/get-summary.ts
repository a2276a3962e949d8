import { queryOptions, useQuery } from '@tanstack/react-query';
import { monitorSummarySchema, type MonitorSummary } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

export async function getSummary(signal?: AbortSignal): Promise<MonitorSummary> {
  return monitorSummarySchema.parse(await apiSpec('/monitor/summary', { signal, timeoutHeader: 15 }));
}

export const summaryQueryOptions = () =>
  queryOptions({ queryKey: ['monitor', 'summary'], queryFn: ({ signal }) => getSummary(signal), refetchInterval: 15_000, staleTime: 5_000 });

export function useSummary() {
  return useQuery(summaryQueryOptions());
}
