import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorEventType } from '@starlight/contract/monitor';

export function EventTypeTag({ type }: { type: MonitorEventType }) {
  const { t } = useTranslation('monitor');
  return <Tag color={type === 'job_failed' ? 'red' : 'blue'}>{t(`events.types.${type}`)}</Tag>;
}
