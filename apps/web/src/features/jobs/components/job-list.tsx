import { useState, type ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { maxPageSize } from '@starlight/contract/envelope';
import type { Job } from '@starlight/contract/jobs';
import { defaultJobListFilters, jobRefreshMs, useJobs, type JobListFilters, type JobScope } from '../api/get-jobs';
import { isActiveJob } from '../job-states';
import { JobFilters } from './job-filters';
import { JobTable } from './job-table';
import { JobCallFailed, SchedulersUnreachable } from './scheduler-unreachable';

interface JobListProps {
  scope: JobScope;
  /** Buttons beside the filters (e.g. submit). */
  extra?: ReactNode;
  /** False: the list call is not made (e.g. unbound user on My jobs). */
  enabled?: boolean;
}

function sortFrom(sorter: SorterResult<Job> | SorterResult<Job>[]): string | undefined {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one?.order || !one.columnKey) return undefined;
  return `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}`;
}

/** A server-paged, filtered and sorted job list that refreshes itself while jobs on the page are active. */
export function JobList({ scope, extra, enabled = true }: JobListProps) {
  const { t } = useTranslation('jobs');
  const [filters, setFilters] = useState<JobListFilters>(defaultJobListFilters);
  const jobs = useJobs(scope, filters, enabled);
  const showUser = scope !== 'mine';
  const live = jobs.data?.list.some(isActiveJob) ?? false;

  return (
    <div data-testid={`job-list-${scope}`}>
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <JobFilters filters={filters} showUser={showUser} onChange={(patch) => setFilters((f) => ({ ...f, ...patch, page: 1 }))} />
        <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
          {live ? (
            <Typography.Text type="secondary" data-testid="job-live">
              {t('list.live', { seconds: jobRefreshMs / 1000 })}
            </Typography.Text>
          ) : null}
          <Button icon={<ReloadOutlined />} onClick={() => void jobs.refetch()} loading={jobs.isFetching} aria-label={t('list.refresh')} data-testid="job-refresh" />
          {extra}
        </Flex>
      </Flex>
      {jobs.isError ? <JobCallFailed error={jobs.error} title={t('list.failed')} /> : <SchedulersUnreachable clusters={jobs.data?.unreachable} />}
      <JobTable
        jobs={jobs.data?.list ?? []}
        loading={jobs.isLoading}
        showUser={showUser}
        sort={filters.sort}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: jobs.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, maxPageSize],
          showTotal: (total) => t('list.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const sort = sortFrom(sorter);
          setFilters((f) => {
            const sortChanged = sort !== f.sort;
            return { ...f, sort, page: sortChanged ? 1 : (pagination.current ?? 1), pageSize: pagination.pageSize ?? f.pageSize };
          });
        }}
      />
    </div>
  );
}
