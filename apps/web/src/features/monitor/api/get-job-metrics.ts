import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobMetricsSchema, type JobMetrics } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

export async function getJobMetrics(cluster: string, jobId: string, signal?: AbortSignal): Promise<JobMetrics> {
  const path = `/monitor/metrics/jobs/${encodeURIComponent(cluster)}/${encodeURIComponent(jobId)}`;
  return jobMetricsSchema.parse(await apiSpec(path, { signal, timeoutHeader: 15 }));
}

/** A running job's charts grow: refreshed every 30 s until it ends. */
export const jobMetricsQueryOptions = (cluster: string, jobId: string) =>
  queryOptions({
    queryKey: ['monitor', 'job-metrics', cluster, jobId],
    queryFn: ({ signal }) => getJobMetrics(cluster, jobId, signal),
    refetchInterval: (query) => (query.state.data && !query.state.data.running ? false : 30_000),
  });

export function useJobMetrics(cluster: string, jobId: string) {
  return useQuery(jobMetricsQueryOptions(cluster, jobId));
}
