import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { FileManager } from '../../features/storage/components/file-manager';

/** /storage/files: the bound account's files (the storage issue's file manager). */
export default function StorageFilesPage() {
  const { t } = useTranslation('storage');
  const [params] = useSearchParams();
  return (
    <div data-testid="storage-files">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <FileManager key={params.get('path') ?? ''} initialDir={params.get('path') ?? undefined} />
    </div>
  );
}
