import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { MemberPartitionQuotas } from '../../features/quotas/components/member-partition-quotas';

/** /cluster-partition/user-partition-quota [query_partitions_user_quotas_ga] */
export default function UserPartitionQuotaPage() {
  const { t } = useTranslation('quotas');
  return (
    <div data-testid="user-partition-quota-page">
      <PageHeader title={t('pages.memberPartition')} subtitle={t('pages.memberPartitionSubtitle')} />
      <MemberPartitionQuotas />
    </div>
  );
}
