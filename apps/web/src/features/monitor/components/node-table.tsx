import { Alert, Table, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MonitorNode } from '@starlight/contract/monitor';
import { useNodes } from '../api/get-nodes';
import { nodeStatePath } from '../node-states';
import { NodeStateTag } from './node-state-tag';
import { CpuUsage, MemoryUsage } from './node-usage';

/** /monitor/nodes: every enabled cluster's nodes, live from the schedulers. */
export function NodeTable() {
  const { t } = useTranslation('monitor');
  const nodes = useNodes();
  const columns: TableProps<MonitorNode>['columns'] = [
    {
      key: 'name',
      title: t('columns.node'),
      render: (_: unknown, node) => (
        <Link to={nodeStatePath(node)} data-testid="node-link" data-node={node.name}>
          {node.name}
        </Link>
      ),
    },
    { key: 'cluster', title: t('columns.cluster'), dataIndex: 'cluster' },
    { key: 'state', title: t('columns.state'), render: (_: unknown, node) => <NodeStateTag state={node.state} flags={node.state_flags} /> },
    { key: 'cpus', title: t('columns.cpus'), render: (_: unknown, node) => <CpuUsage alloc={node.cpus_alloc} total={node.cpus_total} /> },
    { key: 'memory', title: t('columns.memory'), render: (_: unknown, node) => <MemoryUsage allocMb={node.memory_alloc_mb} totalMb={node.memory_total_mb} /> },
    { key: 'partitions', title: t('columns.partitions'), render: (_: unknown, node) => node.partitions.join(', ') },
  ];
  return (
    <>
      {nodes.data?.unreachable.map((u) => (
        <Alert key={u.cluster} type="warning" showIcon style={{ marginBottom: 12 }} title={t('unreachable', { cluster: u.cluster })} description={u.info} data-testid="nodes-unreachable" />
      ))}
      {nodes.isError ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('failed')} /> : null}
      <Table<MonitorNode>
        rowKey={(node) => `${node.cluster}/${node.name}`}
        columns={columns}
        dataSource={nodes.data?.list ?? []}
        loading={nodes.isLoading}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (total) => t('total', { count: total }) }}
        scroll={{ x: 760 }}
        data-testid="node-table"
      />
    </>
  );
}
