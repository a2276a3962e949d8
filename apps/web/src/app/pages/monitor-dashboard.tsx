import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { DashboardLink } from '../../features/monitor/components/dashboard-link';

/** /cluster-partition/monitor-dashboard [platform_monitor]: the external monitoring dashboard. */
export default function MonitorDashboardPage() {
  const { t } = useTranslation('monitor');
  return (
    <div data-testid="monitor-dashboard-page">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.help')} />
      <DashboardLink />
    </div>
  );
}
