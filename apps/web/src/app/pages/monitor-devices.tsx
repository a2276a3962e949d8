import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { DeviceTable } from '../../features/monitor/components/device-table';

/** /monitor/devices [manage_monitor]: the hardware behind the clusters. */
export default function MonitorDevicesPage() {
  const { t } = useTranslation('monitor');
  return (
    <div data-testid="monitor-devices-page">
      <PageHeader title={t('pages.devices')} subtitle={t('pages.devicesSubtitle')} />
      <DeviceTable />
    </div>
  );
}
