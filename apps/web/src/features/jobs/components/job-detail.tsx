import { Button, Descriptions, Flex, Popconfirm, Skeleton, Typography, type DescriptionsProps } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { JobDetail as JobDetailData } from '@starlight/contract/jobs';
import { feedback } from '../../../lib/feedback';
import { formatCoreHours, formatDate } from '../../../lib/format';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useSessionStore } from '../../../lib/session-store';
import { useCancelJob } from '../api/cancel-job';
import { useJob } from '../api/get-job';
import { jobRefreshMs } from '../api/get-jobs';
import { elapsedSeconds, localizedDuration } from '../format-job';
import { isActiveJob, isCancellableJob } from '../job-states';
import { JobOutput } from './job-output';
import { JobStateTag } from './job-state-tag';
import { JobCallFailed } from './scheduler-unreachable';
import './job-detail.css';

/** /job/info/:cluster/:jobIndex: everything known about one job, refreshed while it is active. */
export function JobDetail({ cluster, jobId }: { cluster: string; jobId: string }) {
  const { t } = useTranslation('jobs');
  const job = useJob(cluster, jobId);
  if (job.isError) return <JobCallFailed error={job.error} title={t('detail.failed')} testId="job-detail-failed" />;
  if (!job.data) return <Skeleton active />;
  return <JobDetailView job={job.data} />;
}

function CancelButton({ job }: { job: JobDetailData }) {
  const { t } = useTranslation('jobs');
  const userName = useSessionStore((state) => state.user?.user_name);
  const admin = useHasAnyPermission(['query_others_job']);
  const cancel = useCancelJob();
  if (!isCancellableJob(job) || !(admin || (userName !== undefined && job.user_name === userName))) return null;
  return (
    <Popconfirm
      title={t('detail.cancelTitle', { id: job.job_id })}
      description={t('detail.cancelText')}
      okText={t('detail.cancelOk')}
      cancelText={t('detail.cancelKeep')}
      okButtonProps={{ danger: true, 'data-testid': 'job-cancel-confirm' } as never}
      onConfirm={() =>
        cancel.mutateAsync({ cluster: job.cluster, jobId: job.job_id }).then(
          () => void feedback().message.success(t('detail.cancelled', { id: job.job_id })),
          () => undefined,
        )
      }
    >
      <Button danger icon={<StopOutlined />} loading={cancel.isPending} data-testid="job-cancel">
        {t('detail.cancel')}
      </Button>
    </Popconfirm>
  );
}

export function JobDetailView({ job }: { job: JobDetailData }) {
  const { t, i18n } = useTranslation('jobs');
  const duration = (seconds: number | null) => localizedDuration(seconds, t, i18n.language);
  const items: DescriptionsProps['items'] = [
    { key: 'state', label: t('columns.state'), children: <JobStateTag state={job.state} reason={job.reason} /> },
    { key: 'cluster', label: t('fields.cluster'), children: job.cluster },
    { key: 'partition', label: t('columns.partition'), children: job.partition },
    { key: 'user', label: t('columns.user'), children: job.user_name ? `${job.user_name} (${job.system_account})` : job.system_account },
    { key: 'cpus', label: t('columns.cpus'), children: job.cpus },
    { key: 'nodes', label: t('detail.nodes'), children: job.nodes.length > 0 ? job.nodes.join(', ') : '-' },
    { key: 'limit', label: t('detail.timeLimit'), children: job.time_limit_minutes === null ? t('detail.unlimited') : duration(job.time_limit_minutes * 60) },
    { key: 'exit', label: t('detail.exitCode'), children: <span data-testid="job-exit-code">{job.exit_code ?? '-'}</span> },
    { key: 'submit', label: t('columns.submitted'), children: formatDate(job.submit_time) },
    { key: 'start', label: t('detail.started'), children: formatDate(job.start_time) },
    { key: 'end', label: t('detail.ended'), children: formatDate(job.end_time) },
    { key: 'elapsed', label: t('columns.elapsed'), children: duration(elapsedSeconds(job)) },
    { key: 'cpu', label: t('detail.cpuTime'), children: duration(job.cpu_seconds) },
    { key: 'core', label: t('columns.coreHours'), children: <span data-testid="job-core-hours">{job.core_seconds === null ? '-' : formatCoreHours(job.core_seconds)}</span> },
    { key: 'workdir', label: t('fields.workingDirectory'), span: 'filled', children: <Typography.Text code copyable>{job.working_directory}</Typography.Text> },
  ];
  return (
    <div data-testid="job-detail" data-state={job.state}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="job-detail-title">
          #{job.job_id} · {job.name}
        </Typography.Title>
        <Flex gap={8} align="center">
          {isActiveJob(job) ? <Typography.Text type="secondary">{t('list.live', { seconds: jobRefreshMs / 1000 })}</Typography.Text> : null}
          <CancelButton job={job} />
        </Flex>
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, xl: 3 }} items={items} />
      <JobOutput title={t('detail.script')} text={job.script} emptyText={t('detail.noScript')} testId="job-script" />
      <JobOutput title={t('detail.stdout')} path={job.stdout_path} text={job.stdout_tail} emptyText={t('detail.noOutput')} testId="job-stdout" />
      <JobOutput title={t('detail.stderr')} path={job.stderr_path} text={job.stderr_tail} emptyText={t('detail.noOutput')} testId="job-stderr" />
    </div>
  );
}
