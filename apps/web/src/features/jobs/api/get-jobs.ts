import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { List } from '@starlight/contract/envelope';
import { jobListSchema, type Job, type JobList, type JobState } from '@starlight/contract/jobs';
import type { QueryParams } from '@starlight/contract/query';
import { apiSpec } from '../../../lib/api-client';
import { isActiveJob } from '../job-states';

/** /job/myjobs, /job/groupjobs and /job/list read the same list call at three scopes. */
export type JobScope = 'mine' | 'group' | 'all';
export const jobListPaths: Record<JobScope, string> = { mine: '/job/jobs', group: '/job/jobs/group', all: '/job/jobs/all' };

export interface JobListFilters {
  page: number;
  pageSize: number;
  states?: readonly JobState[];
  cluster?: string;
  partition?: string;
  /** Part of the job name. */
  name?: string;
  /** The owner's console user name (group and all lists). */
  user?: string;
  /** Submitted at or after / before, epoch ms. */
  submittedFrom?: number;
  submittedTo?: number;
  /** `submit_time`, `-submit_time` (the server's default), `job_id`, … */
  sort?: string;
}

export const defaultJobListFilters: JobListFilters = { page: 1, pageSize: 20 };

/** The list call's query (ARCHITECTURE §3): page, page_size, field_eq_* / field_lk_*, time range, sort; empty values dropped. */
export function buildJobListQuery(filters: JobListFilters): QueryParams {
  const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
  return {
    page: filters.page,
    page_size: filters.pageSize,
    field_eq_state: filters.states,
    field_eq_cluster: filters.cluster?.trim(),
    field_eq_partition: filters.partition?.trim(),
    field_lk_name: filters.name?.trim(),
    field_eq_user: filters.user?.trim(),
    start_time: iso(filters.submittedFrom),
    end_time: iso(filters.submittedTo),
    sort: filters.sort,
  };
}

/** Live refresh: every 5 s while any job on the page may still change state, else not at all. */
export const jobRefreshMs = 5_000;
export function jobListRefetchInterval(page: Pick<List<Job>, 'list'> | undefined): number | false {
  return page?.list.some(isActiveJob) ? jobRefreshMs : false;
}


export async function getJobs(scope: JobScope, filters: JobListFilters, signal?: AbortSignal): Promise<JobList> {
  return jobListSchema.parse(await apiSpec(jobListPaths[scope], { query: buildJobListQuery(filters), signal }));
}

export function jobsQueryOptions(scope: JobScope, filters: JobListFilters) {
  return queryOptions({
    queryKey: ['jobs', 'list', scope, filters] as const,
    queryFn: ({ signal }) => getJobs(scope, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    refetchInterval: (query) => jobListRefetchInterval(query.state.data),
  });
}

export function useJobs(scope: JobScope, filters: JobListFilters, enabled = true) {
  return useQuery({ ...jobsQueryOptions(scope, filters), enabled });
}
