import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportSchema, type Grouping, type ReportName } from '@starlight/contract/statistics';
import { apiSpec } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export interface ReportRange {
  start: string;
  end: string;
  group_by: Grouping;
}

export const useReport = (name: ReportName, range: ReportRange) =>
  useQuery({
    queryKey: ['statistics', name, range],
    queryFn: async ({ signal }) => reportSchema.parse(await apiSpec(`/statistics/report/${name}`, { query: { ...range }, signal, timeoutHeader: 25, skip: [1403] })),
    placeholderData: keepPreviousData,
    // spec: CPU-hour figures are cached for an hour; reports move slowly too
    staleTime: 3_600_000,
    // 1403 (a report of everyone's activity, for readers of all users): said on the page, not retried
    retry: (count, error) => !(error instanceof ApiError && error.code === 1403) && count < 2,
  });
