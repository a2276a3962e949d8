import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { metricsWindows, type MetricsWindow } from '@starlight/contract/monitor';
import { PageHeader } from '../../components/page-header';
import { useNodeMetrics } from '../../features/monitor/api/get-node-metrics';
import { useNodes } from '../../features/monitor/api/get-nodes';
import { MetricsSettingsDrawer } from '../../features/monitor/components/metrics-settings-drawer';
import { MetricsToolbar, nodeKey, parseNodeKey } from '../../features/monitor/components/metrics-toolbar';
import { NodeMetricsCharts } from '../../features/monitor/components/node-metrics-charts';

const isWindow = (w: string | null): w is MetricsWindow => metricsWindows.includes(w as MetricsWindow);

/** /monitor/metrics [manage_monitor + metrics_manage]: one node's CPU, load, memory, disk and network over 1h … 7d. */
export default function MonitorMetricsPage() {
  const { t } = useTranslation('monitor');
  const [search, setSearch] = useSearchParams();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const nodes = useNodes();
  const window = isWindow(search.get('window')) ? (search.get('window') as MetricsWindow) : '1h';
  const picked = parseNodeKey(search.get('node'));
  const metrics = useNodeMetrics(picked?.cluster, picked?.node, window);

  const set = (key: string, value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  // the first node is shown until one is picked
  const first = nodes.data?.list[0];
  useEffect(() => {
    if (!picked && first) set('node', nodeKey(first.cluster, first.name));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked, first]);

  return (
    <div data-testid="monitor-metrics-page">
      <PageHeader
        title={t('pages.metrics')}
        subtitle={t('pages.metricsSubtitle')}
        extra={
          <Button icon={<SettingOutlined />} disabled={!picked} onClick={() => setSettingsOpen(true)} data-testid="metrics-settings-open">
            {t('settings.open')}
          </Button>
        }
      />
      <MetricsToolbar value={picked ? nodeKey(picked.cluster, picked.node) : undefined} window={window} onNode={(k) => set('node', k)} onWindow={(w) => set('window', w)} />
      {metrics.isError ? <Alert type="error" showIcon title={t('metrics.failed')} description={(metrics.error as Error).message} data-testid="metrics-failed" /> : null}
      {metrics.isLoading ? <Skeleton active /> : null}
      {metrics.data ? <NodeMetricsCharts metrics={metrics.data} /> : null}
      {nodes.data && nodes.data.list.length === 0 ? <Alert type="info" showIcon title={t('metrics.noNodes')} /> : null}
      <MetricsSettingsDrawer open={settingsOpen} cluster={picked?.cluster} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
