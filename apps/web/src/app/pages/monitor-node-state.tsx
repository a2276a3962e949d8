import { Button, Card, Space } from 'antd';
import { ArrowLeftOutlined, LineChartOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { JobTable } from '../../features/jobs/components/job-table';
import { useNode } from '../../features/monitor/api/get-node';
import { useNodes } from '../../features/monitor/api/get-nodes';
import { NodeSummary } from '../../features/monitor/components/node-summary';

/** /monitor/state/:nodeName: one node and the active jobs on it. The cluster comes as ?cluster=, else from the node list. */
export default function MonitorNodeStatePage() {
  const { t } = useTranslation('monitor');
  const navigate = useNavigate();
  const { nodeName = '' } = useParams();
  const [search] = useSearchParams();
  const given = search.get('cluster') ?? undefined;
  const nodes = useNodes(!given);
  const cluster = given ?? nodes.data?.list.find((n) => n.name === nodeName)?.cluster;
  const node = useNode(cluster, nodeName);
  const notFound = !given && nodes.data !== undefined && cluster === undefined;

  return (
    <div data-testid="monitor-node-page">
      <PageHeader
        title={t('pages.node', { node: nodeName })}
        subtitle={cluster}
        extra={
          <Space wrap>
            {cluster ? (
              <PermissionGate perms={['metrics_manage']}>
                <Link to={`/monitor/metrics?node=${encodeURIComponent(`${cluster}/${nodeName}`)}`} data-testid="node-metrics-link">
                  <Button icon={<LineChartOutlined />}>{t('pages.metrics')}</Button>
                </Link>
              </PermissionGate>
            ) : null}
            <Link to={`/monitor/events?node=${encodeURIComponent(nodeName)}`} data-testid="node-events-link">
              <Button icon={<UnorderedListOutlined />}>{t('pages.events')}</Button>
            </Link>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/monitor/nodes')}>
              {t('pages.back')}
            </Button>
          </Space>
        }
      />
      <NodeSummary node={node.data} loading={node.isLoading || (!cluster && !notFound)} failed={node.isError || notFound} />
      <Card title={t('pages.nodeJobs')} size="small" style={{ marginTop: 16 }}>
        <JobTable jobs={node.data?.jobs ?? []} loading={node.isLoading} showUser />
      </Card>
    </div>
  );
}
