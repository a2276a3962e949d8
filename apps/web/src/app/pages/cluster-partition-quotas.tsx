import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { useHpcClusters } from '../../features/quotas/api/get-cluster-partitions';
import { ClusterGrants } from '../../features/quotas/components/cluster-grants';

function ClusterSwitch({ current }: { current: string }) {
  const navigate = useNavigate();
  const clusters = useHpcClusters();
  return (
    <Select
      style={{ minWidth: 180 }}
      value={current}
      loading={clusters.isPending}
      data-testid="grants-cluster-select"
      onChange={(name: string) => void navigate(`/cluster-partition/cluster-partition-quotas/${encodeURIComponent(name)}`)}
      options={(clusters.data?.list ?? []).map((c) => ({ value: c.name, label: c.name }))}
    />
  );
}

/** /cluster-partition/cluster-partition-quotas/:cluster [kcluster_cluster_user] */
export default function ClusterPartitionQuotasPage() {
  const { t } = useTranslation('quotas');
  const { cluster = '' } = useParams();
  return (
    <div data-testid="cluster-partition-quotas-page">
      <PageHeader
        title={t('pages.grants', { cluster })}
        subtitle={t('pages.grantsSubtitle')}
        extra={
          <PermissionGate perms={['kcluster_clusters_admin']}>
            <ClusterSwitch current={cluster} />
          </PermissionGate>
        }
      />
      <ClusterGrants clusterName={cluster} />
    </div>
  );
}
