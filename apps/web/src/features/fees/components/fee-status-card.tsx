import { Alert, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMyCpuHours } from '../api/get-cpu-hours';
import { useFeeStatus } from '../api/get-fee-status';
import { coreHoursText, moneyText } from '../format-fees';
import { storedFeeOver } from '../fee-store';
import { UsageChart } from './usage-chart';

/** The user's own CPU-hours and fee status (dashboard, /user-center/user-info). */
export function FeeStatusCard() {
  const { t, i18n } = useTranslation('fees');
  const status = useFeeStatus();
  const usage = useMyCpuHours();
  // §4: until the call answers, the flag is the stored one
  const over = status.data ? status.data.over_limit : status.isError ? false : storedFeeOver();
  const hours = (s: number) => coreHoursText(s, i18n.language, t('unit.coreHours'));
  return (
    <Card title={t('status.title')} data-testid="fee-status-card" extra={<Tag color={over ? 'red' : 'green'} data-testid="fee-flag">{over ? t('status.over') : t('status.ok')}</Tag>}>
      {over && status.data?.reason ? <Alert type="error" showIcon title={t('status.overTitle')} description={status.data.reason} style={{ marginBottom: 12 }} data-testid="fee-over-reason" /> : null}
      {status.data ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
          { key: 'used', label: t('status.monthUsage'), children: hours(status.data.core_seconds) },
          { key: 'cost', label: t('status.monthCost'), children: moneyText(status.data.cost) },
          ...status.data.allocations.map((a) => ({
            key: `a${a.id}`,
            label: t(`scope.${a.scope}`, { name: a.target_name }),
            children: a.cpu_seconds_limit === null ? moneyText(a.spent) + ' / ' + moneyText(a.balance ?? 0) : `${hours(a.used_core_seconds)} / ${hours(a.cpu_seconds_limit)}`,
          })),
        ]} />
      ) : status.isLoading ? <Skeleton active /> : null}
      {usage.data ? <UsageChart days={usage.data.days} testId="fee-user-chart" /> : null}
    </Card>
  );
}
