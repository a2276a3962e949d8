import { Alert, Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useJobMetrics } from '../api/get-job-metrics';
import { NodeMetricsCharts } from './node-metrics-charts';

/** A job's nodes over its lifetime (start → end, or now while it runs), one block of charts per node. */
export function JobMetricsView({ cluster, jobId }: { cluster: string; jobId: string }) {
  const { t } = useTranslation('monitor');
  const metrics = useJobMetrics(cluster, jobId);
  const m = metrics.data;
  if (metrics.isError) return <Alert type="error" showIcon title={t('job.failed')} description={(metrics.error as Error).message} data-testid="job-metrics-failed" />;
  if (!m) return <Skeleton active />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="job-metrics">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
        <Descriptions.Item label={t('job.state')}>{t(`jobs:states.${m.state}`, { defaultValue: m.state })}</Descriptions.Item>
        <Descriptions.Item label={t('job.start')}>{m.start ? formatDate(m.start * 1000) : '-'}</Descriptions.Item>
        <Descriptions.Item label={t('job.end')}>{m.running ? t('job.now') : m.end ? formatDate(m.end * 1000) : '-'}</Descriptions.Item>
        <Descriptions.Item label={t('job.nodes')}>{m.nodes_total}</Descriptions.Item>
      </Descriptions>
      {m.start === null ? <Alert type="info" showIcon title={t('job.notStarted')} data-testid="job-not-started" /> : null}
      {m.nodes_total > m.nodes.length ? <Alert type="info" showIcon title={t('job.firstNodes', { shown: m.nodes.length, total: m.nodes_total })} /> : null}
      {m.nodes.map((n) => (
        <Card key={n.node} size="small" title={<Typography.Text strong>{n.node}</Typography.Text>}>
          <NodeMetricsCharts metrics={n} />
        </Card>
      ))}
    </Space>
  );
}
