import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobDetailSchema, type JobDetail } from '@starlight/contract/jobs';
import { apiSpec } from '../../../lib/api-client';
import { isActiveJob } from '../job-states';
import { jobRefreshMs } from './get-jobs';

export async function getJob(cluster: string, jobId: string, signal?: AbortSignal): Promise<JobDetail> {
  return jobDetailSchema.parse(await apiSpec(`/job/job/${encodeURIComponent(cluster)}/${encodeURIComponent(jobId)}`, { signal }));
}

/** The detail refreshes like the lists: every 5 s until the job has finished. */
export function jobQueryOptions(cluster: string, jobId: string) {
  return queryOptions({
    queryKey: ['jobs', 'detail', cluster, jobId] as const,
    queryFn: ({ signal }) => getJob(cluster, jobId, signal),
    staleTime: 2_000,
    refetchInterval: (query) => (query.state.data && isActiveJob(query.state.data) ? jobRefreshMs : false),
  });
}

export function useJob(cluster: string, jobId: string) {
  return useQuery(jobQueryOptions(cluster, jobId));
}
