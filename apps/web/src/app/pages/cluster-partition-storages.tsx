import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PartitionStorages } from '../../features/cluster-storage/components/partition-storages';

/** /cluster-partition/partition-storages [query_partitions_admin] */
export default function ClusterPartitionStoragesPage() {
  const { t } = useTranslation('storage');
  return (
    <div data-testid="partition-storages-page">
      <PageHeader title={t('cs.pages.partitionStorages')} subtitle={t('cs.pages.partitionStoragesSubtitle')} />
      <PartitionStorages />
    </div>
  );
}
