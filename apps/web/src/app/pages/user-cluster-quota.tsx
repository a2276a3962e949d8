import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { MemberClusterQuotas } from '../../features/quotas/components/member-cluster-quotas';

/** /cluster-partition/user-cluster-quota [query_kcluster_quotas_gadmin] */
export default function UserClusterQuotaPage() {
  const { t } = useTranslation('quotas');
  return (
    <div data-testid="user-cluster-quota-page">
      <PageHeader title={t('pages.memberCluster')} subtitle={t('pages.memberClusterSubtitle')} />
      <MemberClusterQuotas />
    </div>
  );
}
