import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { EventTable } from '../../features/monitor/components/event-table';

/** /monitor/events [manage_monitor]: node state changes and job failures, as the console saw them. */
export default function MonitorEventsPage() {
  const { t } = useTranslation('monitor');
  const [search] = useSearchParams();
  return (
    <div data-testid="monitor-events-page">
      <PageHeader title={t('pages.events')} subtitle={t('pages.eventsSubtitle')} />
      <EventTable initialNode={search.get('node') ?? undefined} />
    </div>
  );
}
