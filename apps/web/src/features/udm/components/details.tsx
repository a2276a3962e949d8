import { useTranslation } from 'react-i18next';
import { Card, Descriptions, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { useDataset, useTransfer } from '../api/udm-api';
import { TransferProgress } from './transfer-progress';

/** /udm/detail/:id: one dataset. */
export function DatasetDetail({ id }: { id: number }) {
  const { t } = useTranslation('udm');
  const dataset = useDataset(id);
  if (dataset.isError || !(id > 0)) return <Empty description={t('notFound')} />;
  if (!dataset.data) return <Skeleton active />;
  const d = dataset.data;
  return (
    <Card data-testid="udm-dataset-detail">
      <Descriptions column={1} size="small" title={d.name}>
        <Descriptions.Item label={t('datasets.owner')}>{d.owner}</Descriptions.Item>
        <Descriptions.Item label={t('datasets.description')}>{d.description}</Descriptions.Item>
        <Descriptions.Item label={t('datasets.labels')}>{d.labels.map((l) => <Tag key={l}>{l}</Tag>)}</Descriptions.Item>
        <Descriptions.Item label={t('datasets.paths')}>{d.paths.join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('datasets.shared')}>{d.shared_with_group ? t('yes') : t('no')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** /udm/detail2/:id: one transfer with its progress, log and checksum report. */
export function TransferDetail({ id }: { id: number }) {
  const { t } = useTranslation('udm');
  const transfer = useTransfer(id);
  if (transfer.isError || !(id > 0)) return <Empty description={t('notFound')} />;
  if (!transfer.data) return <Skeleton active />;
  const tr = transfer.data;
  return (
    <Card data-testid="udm-transfer-detail" title={`${tr.source_name} #${tr.id}`}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('transfers.state')}>{t(`states.${tr.state}`)}</Descriptions.Item>
        <Descriptions.Item label={t('transfers.attempts')}>{tr.attempts}</Descriptions.Item>
        {tr.error ? <Descriptions.Item label={t('transfers.error')}>{tr.error}</Descriptions.Item> : null}
      </Descriptions>
      <TransferProgress transfer={tr} />
      <Typography.Title level={5}>{t('transfers.checksums')}</Typography.Title>
      <Table
        rowKey="path"
        size="small"
        dataSource={tr.checksums}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('transfers.file'), dataIndex: 'path' },
          { title: 'SHA-1', dataIndex: 'sha1', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: '', dataIndex: 'match', render: (m: boolean) => (m ? <Tag color="green">{t('transfers.match')}</Tag> : <Tag color="red">{t('transfers.mismatch')}</Tag>) },
        ]}
      />
      <Typography.Title level={5}>{t('transfers.log')}</Typography.Title>
      <pre style={{ maxHeight: 300, overflow: 'auto', whiteSpace: 'pre-wrap' }}>{tr.log}</pre>
    </Card>
  );
}
