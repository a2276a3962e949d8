import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { SummaryView } from '../../features/monitor/components/summary-view';

/** /monitor/summary [manage_monitor]: the platform at a glance. */
export default function MonitorSummaryPage() {
  const { t } = useTranslation('monitor');
  return (
    <div data-testid="monitor-summary-page">
      <PageHeader title={t('pages.summary')} subtitle={t('pages.summarySubtitle')} />
      <SummaryView />
    </div>
  );
}
