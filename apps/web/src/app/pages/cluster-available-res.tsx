import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { useHpcClusters } from '../../features/quotas/api/get-cluster-partitions';
import { AvailableResources } from '../../features/quotas/components/available-resources';
import { RequestAccess } from '../../features/approvals/components/request-access';

/** Administrators reach each cluster's grants (a hidden detail route) from here. */
function ManageGrants() {
  const { t } = useTranslation('quotas');
  const navigate = useNavigate();
  const clusters = useHpcClusters();
  const items = (clusters.data?.list ?? []).map((c) => ({ key: c.name, label: c.name }));
  return (
    <Dropdown
      disabled={items.length === 0}
      menu={{ items, onClick: ({ key }) => void navigate(`/cluster-partition/cluster-partition-quotas/${encodeURIComponent(key)}`) }}
    >
      <Button data-testid="manage-grants">{t('pages.manageGrants')}</Button>
    </Dropdown>
  );
}

/** /cluster-partition/available-res [binded_account] */
export default function ClusterAvailableResourcesPage() {
  const { t } = useTranslation('quotas');
  return (
    <div data-testid="available-res-page">
      <PageHeader
        title={t('pages.available')}
        subtitle={t('pages.availableSubtitle')}
        extra={
          <PermissionGate perms={['kcluster_clusters_admin']}>
            <ManageGrants />
          </PermissionGate>
        }
      />
      <AvailableResources />
      {/* partitions the user sees but may not use: apply for access (issue 11) */}
      <RequestAccess />
    </div>
  );
}
