import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ClusterList } from '../../features/clusters/components/cluster-list';

/** /cluster-partition/platform [kcluster_clusters_admin] */
export default function ClusterPlatformPage() {
  const { t } = useTranslation('clusters');
  return (
    <div data-testid="cluster-platform-page">
      <PageHeader title={t('pages.platform')} subtitle={t('pages.platformSubtitle')} />
      <ClusterList />
    </div>
  );
}
