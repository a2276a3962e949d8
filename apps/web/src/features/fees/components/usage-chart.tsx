import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UsageDay } from '@starlight/contract/fees';
import { EChart, type EChartsCoreOption } from '../../../components/echart';

/** Core-hours per day, one stacked bar series per cluster. */
export function UsageChart({ days, testId }: { days: UsageDay[]; testId?: string }) {
  const { t } = useTranslation('fees');
  const option = useMemo<EChartsCoreOption>(() => {
    const dates = [...new Set(days.map((d) => d.day))].sort();
    const clusters = [...new Set(days.map((d) => d.cluster_name))].sort();
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: clusters, bottom: 0 },
      grid: { left: 48, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: dates },
      yAxis: { type: 'value', name: t('unit.coreHours'), nameTextStyle: { align: 'left' } },
      series: clusters.map((cluster) => ({
        name: cluster,
        type: 'bar',
        stack: 'usage',
        data: dates.map((day) => Number(((days.find((d) => d.day === day && d.cluster_name === cluster)?.core_seconds ?? 0) / 3600).toFixed(2))),
      })),
    };
  }, [days, t]);
  if (days.length === 0) return <Empty description={t('noUsage')} />;
  return <EChart option={option} height={240} ariaLabel={t('chartLabel')} data-testid={testId} />;
}
