import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MonitorEvent } from '@starlight/contract/monitor';

/** What happened, in the reader's language: a node's old → new state, or the failed job (linked) and how it ended. */
export function EventChange({ event }: { event: MonitorEvent }) {
  const { t } = useTranslation('monitor');
  if (event.type === 'job_failed')
    return (
      <span>
        <Link to={`/job/info/${encodeURIComponent(event.cluster)}/${event.job_id ?? ''}`}>{t('events.job', { id: event.job_id })}</Link> {t('events.ended', { state: event.to_state })}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {event.info}
        </Typography.Text>
      </span>
    );
  return (
    <span>
      {event.from_state ?? t('events.firstSeen')} → <Typography.Text strong>{event.to_state}</Typography.Text>
    </span>
  );
}
