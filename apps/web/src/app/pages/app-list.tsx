import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppCatalogue } from '../../features/apps/components/app-catalogue';

/** /app/list: the catalogue of applications the user may see. */
export default function AppListPage() {
  const { t } = useTranslation('apps');
  return (
    <div data-testid="app-list-page">
      <PageHeader title={t('pages.list')} subtitle={t('pages.listSubtitle')} />
      <AppCatalogue scope="visible" />
    </div>
  );
}
