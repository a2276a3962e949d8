import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { FilesystemTable } from '../../features/cluster-storage/components/filesystem-table';

/** /cluster-partition/fs [udt_client_manage] */
export default function ClusterFilesystemsPage() {
  const { t } = useTranslation('storage');
  return (
    <div data-testid="cluster-fs-page">
      <PageHeader title={t('cs.pages.fs')} subtitle={t('cs.pages.fsSubtitle')} />
      <FilesystemTable />
    </div>
  );
}
