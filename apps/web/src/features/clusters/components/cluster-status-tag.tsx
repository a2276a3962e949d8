import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClusterStatus } from '../api/get-cluster-status';

const colours = { up: 'success', down: 'error', unsupported: 'default' } as const;

/** The cluster's live state from its scheduler: up with its nodes and CPUs, or down with the reason. */
export function ClusterStatusTag({ id, enabled }: { id: number; enabled: boolean }) {
  const { t } = useTranslation('clusters');
  const status = useClusterStatus(id);
  if (status.isLoading) return <Tag data-testid="cluster-status">{t('status.checking')}</Tag>;
  if (!status.data) return <Tag color="warning" data-testid="cluster-status">{t('status.unknown')}</Tag>;
  const s = status.data;
  const tag = (
    <Tag color={colours[s.state]} data-testid="cluster-status" data-state={s.state}>
      {t(`status.${s.state}`)}
      {enabled ? '' : ` · ${t('status.disabled')}`}
    </Tag>
  );
  return (
    <div>
      {s.message ? <Tooltip title={s.message}>{tag}</Tooltip> : tag}
      {s.state === 'up' ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="cluster-capacity">
          {t('status.capacity', { ready: s.nodes_ready, nodes: s.nodes_total, alloc: s.cpus_alloc, cpus: s.cpus_total, partitions: s.partitions, count: s.partitions })}
        </Typography.Text>
      ) : null}
      {s.state === 'down' && s.message ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, maxWidth: 320 }} ellipsis={{ tooltip: s.message }}>
          {s.message}
        </Typography.Text>
      ) : null}
    </div>
  );
}
