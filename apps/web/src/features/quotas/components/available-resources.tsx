import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClusterQuota, UsablePartition } from '@starlight/contract/quotas';
import { formatDate } from '../../../lib/format';
import { useMyClusterQuotas } from '../api/get-my-cluster-quotas';
import { useMyShells } from '../api/get-my-shells';
import { useUsablePartitions } from '../api/get-usable-partitions';
import { QuotaUsage } from './quota-usage';

/** Spec §2 /cluster-partition/available-res: what I may use — clusters, partitions, limits, my usage. */
export function AvailableResources() {
  const { t } = useTranslation('quotas');
  const partitions = useUsablePartitions();
  const clusterQuotas = useMyClusterQuotas();
  const shells = useMyShells();
  if (partitions.isPending) return <Skeleton active />;
  if (partitions.isError) return <Alert type="error" showIcon message={t('errors.load')} />;
  if (partitions.data.length === 0) return <Empty data-testid="available-empty" description={t('available.none')} />;

  const clusters = [...new Set(partitions.data.map((p) => p.cluster_name))];
  return (
    <Flex vertical gap={16} data-testid="available-resources">
      {clusters.map((cluster) => (
        <Card key={cluster} title={cluster} size="small" data-testid={`available-cluster-${cluster}`}>
          <ClusterQuotaLine quotas={(clusterQuotas.data ?? []).filter((q) => q.cluster_name === cluster)} />
          <Flex vertical gap={12}>
            {partitions.data
              .filter((p) => p.cluster_name === cluster)
              .map((p) => (
                <PartitionCard key={p.partition_id} partition={p} shell={shells.data?.has(`${p.cluster_name}/${p.name}`) ?? false} />
              ))}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

function ClusterQuotaLine({ quotas }: { quotas: ClusterQuota[] }) {
  const { t } = useTranslation('quotas');
  if (quotas.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {quotas.map((q) => (
        <div key={q.id} data-testid={`cluster-quota-${q.subject}`}>
          <Typography.Text strong>{q.subject === 'user' ? t('clusterQuota.mine') : t('clusterQuota.group', { group: q.group_name })}</Typography.Text>
          {q.max_cpus !== null ? <Typography.Text type="secondary">{` · ${t('limits.cpus', { count: q.max_cpus })}`}</Typography.Text> : null}
          <QuotaUsage used={q.used_cpu_seconds} limit={q.cpu_seconds_limit} />
        </div>
      ))}
    </Space>
  );
}

function PartitionCard({ partition: p, shell }: { partition: UsablePartition; shell: boolean }) {
  const { t } = useTranslation('quotas');
  return (
    <Card type="inner" size="small" data-testid={`available-partition-${p.cluster_name}-${p.name}`}
      extra={
        shell ? (
          <Link to={`/cluster-partition/webssh/${encodeURIComponent(p.cluster_name)}/${encodeURIComponent(p.name)}`} data-testid={`open-shell-${p.cluster_name}-${p.name}`}>
            <Button size="small" type="primary" ghost>
              {t('available.openShell')}
            </Button>
          </Link>
        ) : null
      }
      title={
        <Space wrap>
          <span>{p.name}</span>
          {p.is_default ? <Tag>{t('available.default')}</Tag> : null}
          {p.over_limit ? <Tag color="error">{t('available.overLimit')}</Tag> : <Tag color="success">{t('available.usable')}</Tag>}
        </Space>
      }
    >
      {p.description ? <Typography.Paragraph type="secondary">{p.description}</Typography.Paragraph> : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('fields.grantedTo')}>{p.granted_group ?? t('grants.everyGroup')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.maxCpus')}>{p.max_cpus ?? t('limits.none')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.maxTime')}>{p.max_time_minutes ?? t('limits.none')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.expiresAt')}>{p.expires_at ? formatDate(p.expires_at) : t('limits.never')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.groupUsage')}>
          <QuotaUsage used={p.group_used_cpu_seconds} limit={p.group_cpu_seconds_limit} />
        </Descriptions.Item>
        {p.user_used_cpu_seconds !== null ? (
          <Descriptions.Item label={t('fields.myUsage')}>
            <QuotaUsage used={p.user_used_cpu_seconds} limit={p.user_cpu_seconds_limit} />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}
