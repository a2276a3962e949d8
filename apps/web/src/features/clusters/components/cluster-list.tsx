import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Grid, Popconfirm, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Cluster } from '@starlight/contract/hpc';
import { useClusters } from '../api/get-clusters';
import { useDeleteCluster } from '../api/save-cluster';
import { ClusterForm } from './cluster-form';
import { ClusterStatusTag } from './cluster-status-tag';

/** The connection settings as a short summary; secrets only as "set". */
function SettingsSummary({ cluster }: { cluster: Cluster }) {
  const { t } = useTranslation('clusters');
  const s = cluster.settings;
  const set = (on: boolean) => (on ? <Tag color="blue">{t('form.secretSet')}</Tag> : <Tag>{t('form.secretUnset')}</Tag>);
  if (cluster.driver === 'k8s') return <Typography.Text type="secondary">{t('form.k8sShort')}</Typography.Text>;
  if (cluster.driver === 'local')
    return (
      <Typography.Text type="secondary">
        {s.cpu_slots === null ? t('form.localShortAuto') : t('form.localShort', { slots: s.cpu_slots })}
      </Typography.Text>
    );
  return (
    <Space direction="vertical" size={2} style={{ fontSize: 12 }}>
      <Typography.Text code copyable={!!s.rest_url}>
        {s.rest_url ?? '—'}
      </Typography.Text>
      <span>
        {t('form.jwtKeyShort')} {set(s.jwt_key_configured)} {s.openapi_version ?? ''}
      </span>
      {s.ssh ? (
        <span data-testid="cluster-ssh-summary">
          {t('form.sshShort', { host: s.ssh.host, port: s.ssh.port })} {set(s.ssh.key_configured)} {t('form.shellShort')} {set(s.ssh.shell_key_configured)}
        </span>
      ) : (
        <Typography.Text type="secondary">{t('form.noSsh')}</Typography.Text>
      )}
    </Space>
  );
}

/** /cluster-partition/platform: every registered cluster, its driver settings and live state. */
export function ClusterList() {
  const { t } = useTranslation('clusters');
  const clusters = useClusters();
  const remove = useDeleteCluster();
  const [editing, setEditing] = useState<Cluster | 'new' | null>(null);
  // phones (390 px): one column per cluster holding its name, state and actions, nothing to scroll sideways
  const compact = Grid.useBreakpoint().md === false;

  const actions = (c: Cluster) => (
    <Space wrap size={4}>
      <Button size="small" onClick={() => setEditing(c)} data-testid="cluster-edit">
        {t('actions.edit')}
      </Button>
      <Link to={`/cluster-partition/k-node?cluster=${encodeURIComponent(c.name)}`}>
        <Button size="small">{t('actions.partitions')}</Button>
      </Link>
      {c.kind === 'hpc' ? (
        <Link to={`/cluster-partition/cluster-partition-quotas/${encodeURIComponent(c.name)}`} data-testid="cluster-grants">
          <Button size="small">{t('actions.grants')}</Button>
        </Link>
      ) : null}
      <Popconfirm
        title={t('actions.confirmDelete', { name: c.name })}
        description={t('actions.deleteHelp')}
        okButtonProps={{ danger: true, 'data-testid': 'cluster-delete-confirm' } as never}
        onConfirm={() => remove.mutateAsync(c.id).catch(() => undefined)}
      >
        <Button size="small" danger data-testid="cluster-delete">
          {t('actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
  const nameCell = (c: Cluster) => (
    <Space direction="vertical" size={0}>
      <Typography.Text strong data-testid="cluster-row-name">
        {c.name}
      </Typography.Text>
      <span>
        <Tag>{t(`kinds.${c.kind}`)}</Tag>
        <Tag color="geekblue">{t(`drivers.${c.driver}`)}</Tag>
      </span>
    </Space>
  );
  const compactColumns: TableProps<Cluster>['columns'] = [
    {
      key: 'cluster',
      title: t('columns.name'),
      render: (_: unknown, c) => (
        <Space direction="vertical" size={6} style={{ width: '100%' }}>
          {nameCell(c)}
          <ClusterStatusTag id={c.id} enabled={c.enabled} />
          {actions(c)}
        </Space>
      ),
    },
  ];

  const columns: TableProps<Cluster>['columns'] = [
    { key: 'name', title: t('columns.name'), render: (_: unknown, c) => nameCell(c) },
    { key: 'status', title: t('columns.status'), render: (_: unknown, c) => <ClusterStatusTag id={c.id} enabled={c.enabled} /> },
    { key: 'settings', title: t('columns.settings'), render: (_: unknown, c) => <SettingsSummary cluster={c} /> },
    { key: 'actions', title: t('columns.actions'), render: (_: unknown, c) => actions(c) },
  ];

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="cluster-new">
          {t('actions.new')}
        </Button>
      </Flex>
      {clusters.isError ? <Alert type="error" showIcon title={t('failed')} style={{ marginBottom: 12 }} /> : null}
      <Table<Cluster>
        rowKey="id"
        columns={compact ? compactColumns : columns}
        dataSource={clusters.data?.list ?? []}
        loading={clusters.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="cluster-table"
      />
      <Drawer
        title={editing === 'new' ? t('form.newTitle') : editing ? t('form.editTitle', { name: editing.name }) : ''}
        open={editing !== null}
        onClose={() => setEditing(null)}
        size="min(560px, 100vw)"
        destroyOnHidden
        data-testid="cluster-drawer"
      >
        {editing !== null ? <ClusterForm cluster={editing === 'new' ? undefined : editing} onSaved={() => setEditing(null)} /> : null}
      </Drawer>
    </>
  );
}
