import { useMemo } from 'react';
import { Alert, Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NodeMetrics } from '@starlight/contract/monitor';
import { formatBytes } from '../../../lib/format';
import { EChart } from './charts/echart';
import { lineOption, type LineSeries } from './charts/series-options';

const percent = (v: number) => `${Math.round(v)}%`;
const load = (v: number) => v.toFixed(2);
const bytes = (v: number) => formatBytes(v, 1);
const rate = (v: number) => `${formatBytes(v, 1)}/s`;

interface Panel {
  key: string;
  title: string;
  series: LineSeries[];
  format: (v: number) => string;
  max?: number;
}

/** "Metrics not configured" (or "no samples") is said in words; otherwise CPU, load, memory, disk and network charts. */
export function NodeMetricsCharts({ metrics, compact = false }: { metrics: NodeMetrics; compact?: boolean }) {
  const { t } = useTranslation('monitor');
  const panels = useMemo<Panel[]>(() => {
    const s = metrics.series;
    if (!s) return [];
    /** Memory and disk: bytes used (filled) against the total. */
    const usedOfTotal = (key: string, title: string, used: LineSeries['points'], total: LineSeries['points']): Panel => ({
      key,
      title,
      series: [
        { name: t('metrics.used'), points: used, area: true },
        { name: t('metrics.total'), points: total },
      ],
      format: bytes,
    });
    return [
      { key: 'cpu', title: t('metrics.cpu'), series: [{ name: t('metrics.cpuBusy'), points: s.cpu_percent, area: true }], format: percent, max: 100 },
      {
        key: 'load',
        title: t('metrics.load'),
        series: [
          { name: '1m', points: s.load1 },
          { name: '5m', points: s.load5 },
          { name: '15m', points: s.load15 },
        ],
        format: load,
      },
      usedOfTotal('memory', t('metrics.memory'), s.memory_used_bytes, s.memory_total_bytes),
      usedOfTotal('disk', t('metrics.disk'), s.disk_used_bytes, s.disk_total_bytes),
      {
        key: 'network',
        title: t('metrics.network'),
        series: [
          { name: t('metrics.received'), points: s.net_rx_bytes_per_s },
          { name: t('metrics.sent'), points: s.net_tx_bytes_per_s },
        ],
        format: rate,
      },
    ];
  }, [metrics.series, t]);

  if (!metrics.configured)
    // the server's info is an English detail for logs; the page says what to do in the reader's language
    return <Alert type="info" showIcon title={t('metrics.notConfigured')} description={t('metrics.notConfiguredHint')} data-testid="metrics-not-configured" />;
  return (
    <>
      {metrics.info ? <Alert type="warning" showIcon title={t('metrics.noSamples')} description={metrics.info} style={{ marginBottom: 12 }} data-testid="metrics-no-samples" /> : null}
      <Row gutter={[12, 12]} data-testid="metrics-charts">
        {panels.map((p) => (
          <Col key={p.key} xs={24} xl={compact ? 24 : 12}>
            <Card size="small" title={p.title}>
              {p.series.every((s) => s.points.length === 0) ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metrics.noData')} />
              ) : (
                <EChart
                  option={lineOption({ series: p.series, start: metrics.start, end: metrics.end, format: p.format, max: p.max })}
                  height={compact ? 180 : 220}
                  ariaLabel={p.title}
                  data-testid={`chart-${p.key}`}
                />
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
