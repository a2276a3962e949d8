import type { HTMLAttributes } from 'react';
import { Table, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Job } from '@starlight/contract/jobs';
import { formatCoreHours, formatDate } from '../../../lib/format';
import { elapsedSeconds, localizedDuration } from '../format-job';
import { JobStateTag } from './job-state-tag';

export const jobDetailPath = (job: Pick<Job, 'cluster' | 'job_id'>) => `/job/info/${encodeURIComponent(job.cluster)}/${encodeURIComponent(job.job_id)}`;

/** `-submit_time` ↔ antd's sorter state. */
export function sortOrderOf(sort: string | undefined, key: string): 'ascend' | 'descend' | null {
  const current = sort ?? '-submit_time';
  if (current === key) return 'ascend';
  if (current === `-${key}`) return 'descend';
  return null;
}

interface JobTableProps {
  jobs: readonly Job[];
  loading?: boolean;
  /** Owner column, for group and all lists. */
  showUser?: boolean;
  sort?: string;
  pagination?: TableProps<Job>['pagination'];
  onChange?: TableProps<Job>['onChange'];
}

/** One row per job; the id opens its detail. Presentational: the lists and the node page feed it. */
export function JobTable({ jobs, loading, showUser, sort, pagination = false, onChange }: JobTableProps) {
  const { t, i18n } = useTranslation('jobs');
  const sorted = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(sort, key), sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[] });
  const columns: TableProps<Job>['columns'] = [
    {
      key: 'job_id',
      title: t('columns.id'),
      dataIndex: 'job_id',
      width: 90,
      ...sorted('job_id'),
      render: (_id: string, job) => (
        <Link to={jobDetailPath(job)} data-testid="job-link" data-job={job.job_id}>
          {job.job_id}
        </Link>
      ),
    },
    {
      key: 'name',
      title: t('columns.name'),
      dataIndex: 'name',
      ellipsis: true,
      ...sorted('name'),
      render: (name: string) => <Typography.Text data-testid="job-name">{name}</Typography.Text>,
    },
    { key: 'state', title: t('columns.state'), dataIndex: 'state', width: 120, ...sorted('state'), render: (_: unknown, job: Job) => <JobStateTag state={job.state} reason={job.reason} /> },
    ...(showUser
      ? [{ key: 'user', title: t('columns.user'), render: (_: unknown, job: Job) => job.user_name ?? job.system_account, ellipsis: true }]
      : []),
    { key: 'partition', title: t('columns.partition'), render: (_: unknown, job: Job) => `${job.cluster} / ${job.partition}`, ellipsis: true },
    { key: 'cpus', title: t('columns.cpus'), dataIndex: 'cpus', width: 80, align: 'right', ...sorted('cpus') },
    { key: 'submit_time', title: t('columns.submitted'), dataIndex: 'submit_time', width: 170, ...sorted('submit_time'), render: (value: string) => formatDate(value) },
    { key: 'elapsed', title: t('columns.elapsed'), width: 110, render: (_: unknown, job: Job) => localizedDuration(elapsedSeconds(job), t, i18n.language) },
    {
      key: 'core_hours',
      title: t('columns.coreHours'),
      width: 120,
      align: 'right',
      render: (_: unknown, job: Job) => (job.core_seconds === null ? '-' : formatCoreHours(job.core_seconds)),
    },
  ];
  return (
    <Table<Job>
      rowKey={(job) => `${job.cluster}/${job.job_id}`}
      columns={columns}
      dataSource={jobs as Job[]}
      loading={loading}
      pagination={pagination}
      onChange={onChange}
      size="middle"
      scroll={{ x: 960 }}
      data-testid="job-table"
      onRow={(job) => ({ 'data-testid': 'job-row', 'data-job': job.job_id, 'data-state': job.state }) as HTMLAttributes<HTMLElement>}
    />
  );
}
