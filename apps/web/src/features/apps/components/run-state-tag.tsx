import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning', skipped: 'default' };

export function RunStateTag({ state }: { state: string }) {
  const { t } = useTranslation('apps');
  return (
    <Tag color={colours[state] ?? 'default'} data-testid="run-state" data-state={state}>
      {t(`state.${state}`, { defaultValue: state })}
    </Tag>
  );
}
