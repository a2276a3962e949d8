import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { NodeTable } from '../../features/monitor/components/node-table';

/** /monitor/nodes [manage_monitor] */
export default function MonitorNodesPage() {
  const { t } = useTranslation('monitor');
  return (
    <div data-testid="monitor-nodes-page">
      <PageHeader title={t('pages.nodes')} subtitle={t('pages.nodesSubtitle')} />
      <NodeTable />
    </div>
  );
}
