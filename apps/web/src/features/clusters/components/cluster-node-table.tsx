import { Alert, Progress, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClusterNode } from '@starlight/contract/cluster-access';
import { ApiError } from '../../../lib/api-error';
import { useClusterNodes } from '../api/get-cluster-nodes';

const stateColour = (n: ClusterNode): string => (!n.ready ? 'error' : n.state === 'idle' ? 'success' : n.state === 'allocated' ? 'processing' : 'warning');

/** The cluster's nodes and their states, live (HPC: the scheduler; k8s: says the driver is not there yet). */
export function ClusterNodeTable({ clusterId }: { clusterId: number }) {
  const { t } = useTranslation('clusters');
  const nodes = useClusterNodes(clusterId);
  const columns: TableProps<ClusterNode>['columns'] = [
    { key: 'name', title: t('nodes.name'), dataIndex: 'name' },
    {
      key: 'state',
      title: t('nodes.state'),
      render: (_: unknown, n) => (
        <Tag color={stateColour(n)} data-testid="node-state">
          {[n.state, ...n.state_flags.map((f) => f.toLowerCase())].join(' · ')}
        </Tag>
      ),
    },
    {
      key: 'cpus',
      title: t('nodes.cpus'),
      render: (_: unknown, n) => (
        <div style={{ minWidth: 120 }}>
          <Progress percent={n.cpus_total ? Math.round((n.cpus_alloc / n.cpus_total) * 100) : 0} size="small" showInfo={false} />
          {t('nodes.cpusUsed', { alloc: n.cpus_alloc, total: n.cpus_total })}
        </div>
      ),
    },
    {
      key: 'memory',
      title: t('nodes.memory'),
      responsive: ['sm'],
      render: (_: unknown, n) => (n.memory_alloc_mb === null ? `${n.memory_total_mb} MB` : `${n.memory_alloc_mb} / ${n.memory_total_mb} MB`),
    },
    { key: 'partitions', title: t('nodes.partitions'), responsive: ['md'], render: (_: unknown, n) => n.partitions.join(', ') },
  ];
  const error = nodes.error instanceof ApiError ? nodes.error.info : nodes.error ? String(nodes.error) : null;
  return (
    <>
      {error ? <Alert type="warning" showIcon title={t('nodes.unavailable')} description={error} style={{ marginBottom: 12 }} data-testid="nodes-error" /> : null}
      <Table<ClusterNode>
        rowKey="name"
        columns={columns}
        dataSource={nodes.data ?? []}
        loading={nodes.isLoading}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        size="small"
        data-testid="cluster-node-table"
      />
    </>
  );
}
