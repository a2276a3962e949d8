import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { StorageQuotas } from '../../features/cluster-storage/components/storage-quotas';

/** /cluster-partition/user-storage-quota [binded_account]: the rows shown depend on who asks. */
export default function UserStorageQuotaPage() {
  const { t } = useTranslation('storage');
  return (
    <div data-testid="user-storage-quota-page">
      <PageHeader title={t('cs.pages.quotas')} subtitle={t('cs.pages.quotasSubtitle')} />
      <StorageQuotas />
    </div>
  );
}
