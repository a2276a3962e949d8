import { Alert, Card, Checkbox, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Filesystem } from '@starlight/contract/cluster-storage';
import { usePermissions } from '../../../lib/permissions';
import { clusterStorageKey, relationsQuery, useFilesystems, usePartitionNames, useRelate, useUnrelate } from '../api/filesystems';

/** One cluster: its storages against its partitions; a storage is offered only when ticked in every column (§5). */
function ClusterMatrix({ cluster, storages, related }: { cluster: string; storages: Filesystem[]; related: Set<string> }) {
  const { t } = useTranslation('storage');
  const partitions = usePartitionNames(cluster);
  const relate = useRelate();
  const unrelate = useUnrelate();
  const canEdit = usePermissions().includes('kcluster_clusters_admin');
  const busy = relate.isPending || unrelate.isPending;
  const key = (storage: string, partition: string) => `${cluster}/${partition}/${storage}`;
  const toggle = (storage: string, partition: string, on: boolean) => {
    const input = { cluster_name: cluster, partition_name: partition, storage_name: storage };
    void (on ? relate : unrelate).mutateAsync(input).catch(() => undefined);
  };

  if (partitions.isPending) return <Spin />;
  const names = partitions.data ?? [];
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={storages}
      columns={[
        {
          key: 'storage',
          title: t('cs.fs.name'),
          fixed: 'left',
          render: (_: unknown, fs: Filesystem) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{fs.name}</Typography.Text>
              {fs.offered ? <Tag color="success">{t('cs.fs.yes')}</Tag> : <Tag color="warning">{t('cs.fs.notOffered')}</Tag>}
            </Space>
          ),
        },
        ...names.map((partition) => ({
          key: partition,
          title: partition,
          render: (_: unknown, fs: Filesystem) => (
            <Checkbox
              aria-label={t('cs.rel.toggle', { storage: fs.name, partition })}
              data-testid={`rel-${fs.name}-${partition}`}
              checked={related.has(key(fs.name, partition))}
              disabled={!canEdit || busy}
              onChange={(e) => toggle(fs.name, partition, e.target.checked)}
            />
          ),
        })),
      ]}
    />
  );
}

/** /cluster-partition/partition-storages: which storage is present in which partition, per cluster. */
export function PartitionStorages() {
  const { t } = useTranslation('storage');
  const filesystems = useFilesystems();
  const relations = useQuery({ queryKey: [...clusterStorageKey, 'relations'], queryFn: ({ signal }) => relationsQuery(signal), staleTime: Infinity });
  if (filesystems.isPending || relations.isPending) return <Spin />;
  if (filesystems.isError || relations.isError) return <Alert type="error" showIcon title={t('cs.loadFailed')} />;
  const byCluster = new Map<string, Filesystem[]>();
  for (const fs of filesystems.data) byCluster.set(fs.cluster_name, [...(byCluster.get(fs.cluster_name) ?? []), fs]);
  const related = new Set(relations.data.list.map((r) => `${r.cluster_name}/${r.partition_name}/${r.storage_name}`));
  if (byCluster.size === 0) return <Empty description={t('cs.fs.none')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="partition-storages">
      <Alert type="info" showIcon title={t('cs.fs.rule')} />
      {[...byCluster.entries()].map(([cluster, storages]) => (
        <Card key={cluster} title={cluster} size="small">
          <ClusterMatrix cluster={cluster} storages={storages} related={related} />
        </Card>
      ))}
    </Space>
  );
}
