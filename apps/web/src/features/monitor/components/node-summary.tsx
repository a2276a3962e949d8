import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorNodeDetail } from '@starlight/contract/monitor';
import { NodeStateTag } from './node-state-tag';
import { CpuUsage, MemoryUsage } from './node-usage';

/** The head of /monitor/state/:nodeName; the page shows the node's jobs under it. */
export function NodeSummary({ node, loading, failed }: { node: MonitorNodeDetail | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation('monitor');
  if (failed) return <Alert type="error" showIcon title={t('nodeFailed')} data-testid="node-failed" />;
  if (loading || !node) return <Skeleton active />;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      data-testid="node-summary"
      items={[
        { key: 'cluster', label: t('columns.cluster'), children: node.cluster },
        { key: 'state', label: t('columns.state'), children: <NodeStateTag state={node.state} flags={node.state_flags} /> },
        { key: 'partitions', label: t('columns.partitions'), children: node.partitions.join(', ') || '-' },
        { key: 'cpus', label: t('columns.cpus'), children: <CpuUsage alloc={node.cpus_alloc} total={node.cpus_total} /> },
        { key: 'memory', label: t('columns.memory'), children: <MemoryUsage allocMb={node.memory_alloc_mb} totalMb={node.memory_total_mb} /> },
        { key: 'jobs', label: t('columns.jobs'), children: node.jobs.length },
      ]}
    />
  );
}
