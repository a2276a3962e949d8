import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketState } from '@starlight/contract/tickets';

export const stateColors: Record<TicketState, string> = { open: 'blue', in_progress: 'processing', waiting_user: 'orange', resolved: 'green', closed: 'default' };

export function TicketStateTag({ state }: { state: TicketState }) {
  const { t } = useTranslation('tickets');
  return (
    <Tag color={stateColors[state]} data-testid="ticket-state" data-state={state}>
      {t(`states.${state}`)}
    </Tag>
  );
}

/** Seconds as "3 h 5 min" (null: a dash). */
export function useDuration() {
  const { t } = useTranslation('tickets');
  return (seconds: number | null) => {
    if (seconds === null) return '—';
    const d = Math.floor(seconds / 86400);
    const h = Math.floor((seconds % 86400) / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    if (d > 0) return t('duration.dh', { d, h });
    if (h > 0) return t('duration.hm', { h, m });
    return t('duration.m', { m: Math.max(m, seconds > 0 ? 1 : 0) });
  };
}
