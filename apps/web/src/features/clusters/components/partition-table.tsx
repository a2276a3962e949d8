import { useState } from 'react';
import { Button, Drawer, Grid, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PartitionWebSsh } from '@starlight/contract/cluster-access';
import { isPrivatePartition, type Cluster, type Partition } from '@starlight/contract/hpc';
import { usePartitions } from '../api/get-partitions';
import { useWebSshSettings } from '../api/webssh-settings';
import { PartitionForm } from './partition-form';
import { WebSshForm } from './webssh-form';

/** The page that opens a terminal (app/routes.tsx: /cluster-partition/webssh/:cluster/:partition). */
export const webShellPath = (cluster: string, partition: string) => `/cluster-partition/webssh/${encodeURIComponent(cluster)}/${encodeURIComponent(partition)}`;

type Editing = { kind: 'describe' | 'webssh'; partition: Partition } | null;

/** The partitions the scheduler shows for one cluster, as administrators described them, with their web shells. */
export function PartitionTable({ cluster }: { cluster: Cluster }) {
  const { t } = useTranslation('clusters');
  const partitions = usePartitions(cluster.name);
  const webssh = useWebSshSettings(cluster.kind === 'hpc' ? cluster.name : undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const shellOf = (p: Partition): PartitionWebSsh | undefined => webssh.data?.list.find((s) => s.partition_id === p.id);
  // phones: the actions go under the partition's name instead of a column to scroll to
  const compact = Grid.useBreakpoint().md === false;
  const actions = (p: Partition) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => setEditing({ kind: 'describe', partition: p })} data-testid="partition-describe">
        {t('partitions.describe')}
      </Button>
      {cluster.kind === 'hpc' ? (
        <Button size="small" onClick={() => setEditing({ kind: 'webssh', partition: p })} data-testid="partition-webssh">
          {t('webssh.configure')}
        </Button>
      ) : null}
    </Space>
  );

  const columns: TableProps<Partition>['columns'] = [
    {
      key: 'name',
      title: t('partitions.name'),
      render: (_: unknown, p) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong data-testid="partition-name">
            {p.name}
            {p.is_default ? <Tag style={{ marginInlineStart: 6 }}>{t('partitions.default')}</Tag> : null}
          </Typography.Text>
          {p.description ? <Typography.Text type="secondary">{p.description}</Typography.Text> : null}
          {compact ? <div style={{ marginTop: 6 }}>{actions(p)}</div> : null}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('partitions.state'),
      render: (_: unknown, p) =>
        !p.discovered ? (
          <Tooltip title={t('partitions.notDiscoveredHelp')}>
            <Tag>{t('partitions.notDiscovered')}</Tag>
          </Tooltip>
        ) : p.state === null ? (
          <Tag color="warning">{t('status.unknown')}</Tag>
        ) : (
          <Tag color={p.state === 'UP' ? 'success' : 'error'} data-testid="partition-state">
            {p.state}
          </Tag>
        ),
    },
    {
      key: 'size',
      title: t('partitions.size'),
      responsive: ['sm'],
      render: (_: unknown, p) =>
        p.total_cpus === null ? '—' : t('partitions.sizeText', { cpus: p.total_cpus, nodes: p.total_nodes, time: p.max_time_minutes === null ? t('partitions.unlimited') : `${p.max_time_minutes} min` }),
    },
    {
      key: 'types',
      title: t('partitions.types'),
      responsive: ['md'],
      render: (_: unknown, p) => (
        <Space size={4} wrap>
          {p.partition_type ? <Tag>{p.partition_type}</Tag> : null}
          {p.init_type ? <Tag>{p.init_type}</Tag> : null}
          {isPrivatePartition(p) ? <Tag color="purple">{t('partitions.private')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'webssh',
      title: t('webssh.title'),
      render: (_: unknown, p) => {
        const s = shellOf(p);
        if (cluster.kind !== 'hpc') return '—';
        return s?.enabled ? (
          <Space size={4} wrap>
            <Tag color="success" data-testid="webssh-state">
              {t('webssh.on')}
            </Tag>
            <Link to={webShellPath(cluster.name, p.name)} data-testid="webssh-open">
              {t('webssh.open')}
            </Link>
          </Space>
        ) : (
          <Tag data-testid="webssh-state">{t('webssh.off')}</Tag>
        );
      },
    },
    ...(compact ? [] : [{ key: 'actions', title: t('columns.actions'), render: (_: unknown, p: Partition) => actions(p) }]),
  ];

  return (
    <>
      <Table<Partition>
        rowKey="id"
        columns={columns}
        dataSource={partitions.data?.list ?? []}
        loading={partitions.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="partition-table"
      />
      <Drawer
        title={editing ? t(editing.kind === 'describe' ? 'partitions.describeTitle' : 'webssh.configureTitle', { name: `${cluster.name}/${editing.partition.name}` }) : ''}
        open={editing !== null}
        onClose={() => setEditing(null)}
        size="min(480px, 100vw)"
        destroyOnHidden
      >
        {editing?.kind === 'describe' ? <PartitionForm partition={editing.partition} onSaved={() => setEditing(null)} /> : null}
        {editing?.kind === 'webssh' ? <WebSshForm partition={editing.partition} setting={shellOf(editing.partition)} onSaved={() => setEditing(null)} /> : null}
      </Drawer>
    </>
  );
}
