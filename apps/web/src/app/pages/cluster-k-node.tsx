import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ClusterPartitionsView } from '../../features/clusters/components/cluster-partitions-view';

/** /cluster-partition/k-node [kcluster_clusters_admin] */
export default function ClusterKNodePage() {
  const { t } = useTranslation('clusters');
  return (
    <div data-testid="cluster-k-node-page">
      <PageHeader title={t('pages.kNode')} subtitle={t('pages.kNodeSubtitle')} />
      <ClusterPartitionsView />
    </div>
  );
}
