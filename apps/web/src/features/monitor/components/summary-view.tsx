import { useMemo } from 'react';
import { Alert, Card, Col, List, Progress, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MonitorSummary } from '@starlight/contract/monitor';
import { formatBytes, formatRelativeTime } from '../../../lib/format';
import { useSummary } from '../api/get-summary';
import { EChart, type EChartsCoreOption } from './charts/echart';
import { EventChange } from './event-change';
import { EventTypeTag } from './event-type-tag';

const mib = 1024 * 1024;
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
/** Known states keep their colour across pages; others get the palette's. */
const stateColors: Record<string, string> = { idle: '#52c41a', mixed: '#1677ff', allocated: '#722ed1', completing: '#13c2c2', down: '#f5222d', drained: '#fa8c16', draining: '#faad14', fail: '#a8071a', maint: '#8c8c8c', reserved: '#2f54eb' };

function statesOption(summary: MonitorSummary, label: (state: string) => string): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}: {c}' },
        data: Object.entries(summary.nodes_by_state).map(([state, value]) => ({ name: label(state), value, itemStyle: stateColors[state] ? { color: stateColors[state] } : undefined })),
      },
    ],
  };
}

function usageOption(summary: MonitorSummary, names: { cpus: string; memory: string }): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)}%` },
    xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    // memory only where the scheduler counts its allocation
    yAxis: { type: 'category', data: summary.memory_alloc_mb === null ? [names.cpus] : [names.memory, names.cpus] },
    series: [
      {
        type: 'bar',
        barWidth: 18,
        data: [...(summary.memory_alloc_mb === null ? [] : [pct(summary.memory_alloc_mb, summary.memory_total_mb)]), pct(summary.cpus_alloc, summary.cpus_total)],
      },
    ],
  };
}

/** /monitor/summary: cards, node states and allocation charts, unreachable clusters, the latest events. */
export function SummaryView() {
  const { t } = useTranslation('monitor');
  const summary = useSummary();
  const s = summary.data;
  const stateLabel = (state: string) => t(`states.${state}`, { defaultValue: state });
  const pie = useMemo(() => (s ? statesOption(s, stateLabel) : null), [s, t]); // eslint-disable-line react-hooks/exhaustive-deps
  const bars = useMemo(() => (s ? usageOption(s, { cpus: t('summary.cpus'), memory: t('summary.memory') }) : null), [s, t]);

  if (summary.isError) return <Alert type="error" showIcon title={t('summary.failed')} />;
  if (!s) return <Skeleton active />;
  return (
    <div data-testid="monitor-summary">
      {s.clusters
        .filter((c) => !c.reachable)
        .map((c) => (
          <Alert key={c.cluster} type="warning" showIcon style={{ marginBottom: 12 }} title={t('unreachable', { cluster: c.cluster })} description={c.info} />
        ))}
      <Row gutter={[12, 12]}>
        <Col xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={<Link to="/monitor/nodes">{t('summary.nodes')}</Link>} value={s.nodes_total} data-testid="summary-nodes" />
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={t('summary.cpus')} value={`${s.cpus_alloc} / ${s.cpus_total}`} />
            <Progress percent={pct(s.cpus_alloc, s.cpus_total)} size="small" />
          </Card>
        </Col>
        <Col xs={24} md={8} xl={4}>
          <Card size="small">
            {s.memory_alloc_mb === null ? (
              <>
                <Statistic title={t('summary.memoryTotal')} value={formatBytes(s.memory_total_mb * mib, 1)} />
                <Typography.Text type="secondary">{t('summary.memoryNotTracked')}</Typography.Text>
              </>
            ) : (
              <>
                <Statistic title={t('summary.memory')} value={`${formatBytes(s.memory_alloc_mb * mib, 1)} / ${formatBytes(s.memory_total_mb * mib, 1)}`} />
                <Progress percent={pct(s.memory_alloc_mb, s.memory_total_mb)} size="small" />
              </>
            )}
          </Card>
        </Col>
        <Col xs={8} md={8} xl={4}>
          <Card size="small">
            <Statistic title={<Link to="/job/list">{t('summary.running')}</Link>} value={s.jobs_running} data-testid="summary-running" />
          </Card>
        </Col>
        <Col xs={8} md={8} xl={4}>
          <Card size="small">
            <Statistic title={t('summary.pending')} value={s.jobs_pending} />
          </Card>
        </Col>
        <Col xs={8} md={8} xl={4}>
          <Card size="small">
            <Statistic title={<Link to="/monitor/events">{t('summary.failed24h')}</Link>} value={s.jobs_failed_24h} styles={{ content: s.jobs_failed_24h > 0 ? { color: '#cf1322' } : undefined }} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('summary.nodeStates')}>
            {pie && s.nodes_total > 0 ? <EChart option={pie} height={260} ariaLabel={t('summary.nodeStates')} data-testid="summary-states-chart" /> : <Typography.Text type="secondary">{t('summary.noNodes')}</Typography.Text>}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('summary.allocation')}>
            {bars ? <EChart option={bars} height={260} ariaLabel={t('summary.allocation')} /> : null}
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title={t('summary.recentEvents')} extra={<Link to="/monitor/events">{t('summary.allEvents')}</Link>}>
            <List
              dataSource={s.recent_events}
              locale={{ emptyText: t('summary.noEvents') }}
              renderItem={(e) => (
                <List.Item key={e.id}>
                  <Space wrap size={8}>
                    <EventTypeTag type={e.type} />
                    <Typography.Text type="secondary">{formatRelativeTime(e.time)}</Typography.Text>
                    <Typography.Text>{e.nodes.join(', ')}</Typography.Text>
                    <EventChange event={e} />
                  </Space>
                </List.Item>
              )}
              data-testid="summary-events"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
