import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { nodeStateColor } from '../node-states';

export function NodeStateTag({ state, flags = [] }: { state: string; flags?: readonly string[] }) {
  const { t } = useTranslation('monitor');
  const label = t(`states.${state}`, { defaultValue: state });
  return (
    <Tag color={nodeStateColor(state)} data-testid="node-state" data-state={state} style={{ marginInlineEnd: 0 }}>
      {flags.length > 0 ? `${label} (${flags.join(', ').toLowerCase()})` : label}
    </Tag>
  );
}
