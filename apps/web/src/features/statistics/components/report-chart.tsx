import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Table } from 'antd';
import type { Chart } from '@starlight/contract/statistics';
import { EChart, type EChartsCoreOption } from '../../../components/echart';
import { chartCsv, downloadCsv } from './csv';

/** One report chart (ECharts, legends and tooltips in the reader's language), its table, and its CSV. */
export function ReportChart({ chart, fileStem }: { chart: Chart; fileStem: string }) {
  const { t } = useTranslation('statistics');
  const title = t(`charts.${chart.id}`);
  const unit = t(`units.${chart.unit}`);
  const option = useMemo<EChartsCoreOption>(() => {
    const tooltip = { trigger: chart.kind === 'pie' ? 'item' : 'axis', valueFormatter: (v: number) => `${v} ${unit}` };
    if (chart.kind === 'pie')
      return { tooltip, legend: { type: 'scroll', bottom: 0 }, series: [{ type: 'pie', radius: ['35%', '65%'], data: chart.series.map((s) => ({ name: s.name, value: s.data[0] ?? 0 })) }] };
    return {
      tooltip,
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 48, right: 16, top: 24, bottom: 56 },
      xAxis: { type: 'category', data: chart.buckets },
      yAxis: { type: 'value', name: unit },
      series: chart.series.map((s) => ({ name: s.name, type: chart.kind === 'line' ? 'line' : 'bar', stack: chart.kind === 'stacked' ? 'total' : undefined, data: s.data, showSymbol: chart.buckets.length < 40 })),
    };
  }, [chart, unit]);
  const bucketHeader = t('table.bucket');
  const columns = useMemo(
    () =>
      chart.kind === 'pie'
        ? [
            { title: t('table.name'), dataIndex: 'name', key: 'name' },
            { title: unit, dataIndex: 'value', key: 'value' },
          ]
        : [{ title: bucketHeader, dataIndex: 'bucket', key: 'bucket', fixed: 'left' as const }, ...chart.series.map((s, i) => ({ title: s.name, dataIndex: `s${i}`, key: `s${i}` }))],
    [chart, t, unit, bucketHeader],
  );
  const rows = useMemo<Record<string, string | number>[]>(
    () =>
      chart.kind === 'pie'
        ? chart.series.map((s) => ({ key: s.name, name: s.name, value: s.data[0] ?? 0 }))
        : chart.buckets.map((b, i) => ({ key: b, bucket: b, ...Object.fromEntries(chart.series.map((s, j) => [`s${j}`, s.data[i] ?? 0])) })),
    [chart],
  );
  const empty = chart.series.length === 0;
  return (
    <Card
      size="small"
      title={title}
      data-testid={`chart-${chart.id}`}
      extra={
        <Button size="small" disabled={empty} data-testid={`csv-${chart.id}`} onClick={() => downloadCsv(`${fileStem}-${chart.id}.csv`, chartCsv(chart, bucketHeader))}>
          {t('csv')}
        </Button>
      }
    >
      {empty ? <div style={{ padding: 24, textAlign: 'center' }}>{t('noData')}</div> : <EChart option={option} height={280} ariaLabel={title} />}
      <Table<Record<string, string | number>> size="small" rowKey="key" columns={columns} dataSource={rows} pagination={{ pageSize: 10, size: 'small' }} scroll={{ x: 'max-content' }} />
    </Card>
  );
}
