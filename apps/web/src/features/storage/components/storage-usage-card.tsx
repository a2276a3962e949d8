import { Alert, Card, Empty, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@starlight/contract/format';
import type { StorageSpecItem } from '@starlight/contract/cluster-storage';
import { useStorageSpec } from '../api/get-storage-spec';

/** Percent used, or null without a limit; a full or expired quota shows red. */
export function usagePercent(item: Pick<StorageSpecItem, 'limit_bytes' | 'used_bytes'>): number | null {
  if (item.limit_bytes === null || item.used_bytes === null) return null;
  if (item.limit_bytes === 0) return 100;
  return Math.min(100, Math.round((item.used_bytes / item.limit_bytes) * 1000) / 10);
}

const expiredNow = (item: StorageSpecItem) => item.expires_at !== null && Date.parse(item.expires_at) <= Date.now();

function UsageRow({ item }: { item: StorageSpecItem }) {
  const { t } = useTranslation('storage');
  const percent = usagePercent(item);
  const expired = expiredNow(item);
  return (
    <div data-testid="storage-usage-row">
      <Space wrap size={4} style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('usage.name', { storage: item.StorageName, cluster: item.cluster_name })}</Typography.Text>
        <Typography.Text type="secondary">
          {item.used_bytes === null
            ? t('usage.notMeasured')
            : item.limit_bytes === null
              ? t('usage.usedNoLimit', { used: formatBytes(item.used_bytes) })
              : t('usage.usedOf', { used: formatBytes(item.used_bytes), limit: formatBytes(item.limit_bytes) })}
        </Typography.Text>
      </Space>
      {percent !== null ? <Progress percent={percent} status={expired || percent >= 100 ? 'exception' : percent >= 90 ? 'active' : 'normal'} size="small" /> : null}
      {expired ? <Tag color="error">{t('usage.expired')}</Tag> : item.expires_at ? <Tag>{t('usage.expires', { date: item.expires_at.slice(0, 10) })}</Tag> : null}
    </div>
  );
}

/** Dashboard card: the caller's usage and quota on each storage offered to them. */
export function StorageUsageCard() {
  const { t } = useTranslation('storage');
  const spec = useStorageSpec(true);
  return (
    <Card title={t('usage.title')} data-testid="storage-usage-card">
      {spec.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : spec.isError ? (
        <Alert type="warning" showIcon title={t('usage.failed')} />
      ) : spec.data.list.length === 0 ? (
        <Empty description={t('usage.none')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {spec.data.list.map((item) => (
            <UsageRow key={`${item.cluster_name}/${item.StorageName}`} item={item} />
          ))}
        </Space>
      )}
    </Card>
  );
}
