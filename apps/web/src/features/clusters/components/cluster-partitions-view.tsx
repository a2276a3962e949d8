import { Alert, Card, Empty, Select, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClusters } from '../api/get-clusters';
import { ClusterNodeTable } from './cluster-node-table';
import { ClusterStatusTag } from './cluster-status-tag';
import { PartitionTable } from './partition-table';

/** /cluster-partition/k-node: one cluster's partitions (discovered, described) and its nodes, live. */
export function ClusterPartitionsView() {
  const { t } = useTranslation('clusters');
  const clusters = useClusters();
  const [params, setParams] = useSearchParams();
  const list = clusters.data?.list ?? [];
  const chosen = list.find((c) => c.name === params.get('cluster')) ?? list[0];

  if (clusters.isError) return <Alert type="error" showIcon title={t('failed')} />;
  if (!clusters.isLoading && list.length === 0) return <Empty description={t('noClusters')} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap align="center">
        <Typography.Text>{t('columns.cluster')}</Typography.Text>
        <Select
          style={{ minWidth: 200 }}
          loading={clusters.isLoading}
          value={chosen?.name}
          onChange={(name: string) => setParams({ cluster: name }, { replace: true })}
          options={list.map((c) => ({ value: c.name, label: `${c.name} (${t(`drivers.${c.driver}`)})` }))}
          data-testid="k-node-cluster"
        />
        {chosen ? <ClusterStatusTag id={chosen.id} enabled={chosen.enabled} /> : null}
      </Space>
      {chosen ? (
        <>
          <Card title={t('partitions.title')} size="small" styles={{ body: { padding: 0 } }}>
            <PartitionTable cluster={chosen} />
          </Card>
          <Card title={t('nodes.title')} size="small" styles={{ body: { padding: 0 } }}>
            <ClusterNodeTable clusterId={chosen.id} />
          </Card>
        </>
      ) : null}
    </Space>
  );
}
