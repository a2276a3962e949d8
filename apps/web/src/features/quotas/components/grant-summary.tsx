import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupQuota } from '@starlight/contract/quotas';
import { formatCoreHours, formatDate } from '../../../lib/format';

/** One grant as a clickable tag: the group, and its limits in the tooltip and after a dot. */
export function GrantSummary({ grant, onClick }: { grant: GroupQuota; onClick: () => void }) {
  const { t } = useTranslation('quotas');
  const limits = [
    grant.max_cpus !== null ? t('limits.cpus', { count: grant.max_cpus }) : null,
    grant.max_time_minutes !== null ? t('limits.minutes', { count: grant.max_time_minutes }) : null,
    grant.cpu_seconds_limit !== null ? `${formatCoreHours(grant.used_cpu_seconds)} / ${formatCoreHours(grant.cpu_seconds_limit)}` : null,
    grant.expires_at ? t('limits.until', { date: formatDate(grant.expires_at) }) : null,
  ].filter(Boolean);
  const color = grant.expired || grant.over_limit ? 'error' : grant.group_id === null ? 'purple' : 'blue';
  return (
    <Tooltip title={limits.length > 0 ? limits.join(' · ') : t('limits.noneAtAll')}>
      <Tag color={color} style={{ cursor: 'pointer' }} onClick={onClick} data-testid={`grant-tag-${grant.group_name ?? 'every-group'}`}>
        {grant.group_name ?? t('grants.everyGroup')}
        {grant.expired ? ` · ${t('grants.expired')}` : limits.length > 0 ? ` · ${limits[0]}` : ''}
      </Tag>
    </Tooltip>
  );
}
