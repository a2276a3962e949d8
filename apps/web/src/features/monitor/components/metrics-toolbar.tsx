import { Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { metricsWindows, type MetricsWindow } from '@starlight/contract/monitor';
import { useNodes } from '../api/get-nodes';

/** `cluster/node`: node names are unique only within a cluster. */
export const nodeKey = (cluster: string, node: string) => `${cluster}/${node}`;
export const parseNodeKey = (key: string | null): { cluster: string; node: string } | null => {
  const at = key?.indexOf('/') ?? -1;
  return key && at > 0 ? { cluster: key.slice(0, at), node: key.slice(at + 1) } : null;
};

/** Picks a node (from the live node list) and a window. */
export function MetricsToolbar({ value, window, onNode, onWindow }: { value: string | undefined; window: MetricsWindow; onNode: (key: string) => void; onWindow: (w: MetricsWindow) => void }) {
  const { t } = useTranslation('monitor');
  const nodes = useNodes();
  const options = (nodes.data?.list ?? []).map((n) => ({ value: nodeKey(n.cluster, n.name), label: `${n.name} (${n.cluster})` }));
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        value={value}
        onChange={onNode}
        options={options}
        loading={nodes.isLoading}
        placeholder={t('metrics.pickNode')}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 220, maxWidth: '100%' }}
        aria-label={t('metrics.node')}
        data-testid="metrics-node"
      />
      <Radio.Group
        value={window}
        onChange={(e) => onWindow(e.target.value as MetricsWindow)}
        optionType="button"
        options={metricsWindows.map((w) => ({ value: w, label: t(`metrics.windows.${w}`) }))}
        data-testid="metrics-window"
      />
    </Space>
  );
}
