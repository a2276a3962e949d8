import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCoreHours } from '../../../lib/format';
import { usedPercent } from '../quota-format';

interface QuotaUsageProps {
  used: number | null;
  limit: number | null;
  testId?: string;
}

/** CPU time used against a limit: a bar with "used / limit 核时", or the used time and "no limit". */
export function QuotaUsage({ used, limit, testId }: QuotaUsageProps) {
  const { t } = useTranslation('quotas');
  const spent = used ?? 0;
  const percent = usedPercent(spent, limit);
  return (
    <div data-testid={testId} style={{ minWidth: 140 }}>
      {percent !== null ? <Progress percent={percent} size="small" status={percent >= 100 ? 'exception' : 'normal'} showInfo={false} /> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {limit === null ? t('usage.noLimit', { used: formatCoreHours(spent) }) : t('usage.ofLimit', { used: formatCoreHours(spent), limit: formatCoreHours(limit) })}
      </Typography.Text>
    </div>
  );
}
