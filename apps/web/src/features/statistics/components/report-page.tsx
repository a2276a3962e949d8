import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, DatePicker, Flex, Segmented, Skeleton, Spin, Typography } from 'antd';
import { groupings, type Grouping, type ReportName } from '@starlight/contract/statistics';
import { ApiError } from '../../../lib/api-error';
import { useReport } from '../api/get-report';
import { ReportChart } from './report-chart';

const fmt = 'YYYY-MM-DD';

/**
 * The one page of all seven reports: a range with presets, grouping, every chart with its table and CSV.
 * A report whose source module is not installed says which one, instead of drawing anything.
 */
export function ReportPage({ name }: { name: ReportName }) {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [grouping, setGrouping] = useState<Grouping>('day');
  const report = useReport(name, { start: range[0].format(fmt), end: range[1].format(fmt), group_by: grouping });
  const presets = [
    { label: t('presets.week'), value: [dayjs().subtract(6, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('presets.month'), value: [dayjs().subtract(29, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('presets.quarter'), value: [dayjs().subtract(89, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('presets.year'), value: [dayjs().subtract(364, 'day'), dayjs()] as [Dayjs, Dayjs] },
  ];
  return (
    // busy while a changed range or grouping is being answered (the previous answer stays drawn meanwhile)
    <Flex vertical gap={16} data-testid={`report-${name}`} aria-busy={report.isFetching}>
      <Flex gap={12} wrap align="center">
        <DatePicker.RangePicker
          data-testid="report-range"
          allowClear={false}
          value={range}
          presets={presets}
          disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.isBefore(dayjs().subtract(10, 'year'))}
          onChange={(value) => {
            if (value?.[0] && value[1]) setRange([value[0], value[1]]);
          }}
        />
        <Segmented data-testid="report-grouping" value={grouping} options={groupings.map((g) => ({ value: g, label: t(`grouping.${g}`) }))} onChange={(g) => setGrouping(g as Grouping)} />
        {report.isFetching ? <Spin size="small" /> : report.data?.source_available ? <Typography.Text type="secondary">{t('took', { ms: report.data.took_ms })}</Typography.Text> : null}
      </Flex>
      {report.isLoading ? (
        <Skeleton active />
      ) : report.error instanceof ApiError && report.error.code === 1403 ? (
        <Alert type="info" showIcon data-testid="report-forbidden" message={t('forbidden.title')} description={t('forbidden.body')} />
      ) : report.data && !report.data.source_available ? (
        <Alert type="info" showIcon data-testid="report-missing-source" message={t('missing.title')} description={t('missing.body', { source: report.data.missing_source })} />
      ) : (
        <Flex gap={16} wrap>
          {report.data?.charts.map((chart) => (
            <div key={chart.id} style={{ flex: chart.kind === 'pie' ? '1 1 320px' : '1 1 100%', minWidth: 0, maxWidth: '100%' }}>
              <ReportChart chart={chart} fileStem={`${name}-${range[0].format(fmt)}-${range[1].format(fmt)}-${grouping}`} />
            </div>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
