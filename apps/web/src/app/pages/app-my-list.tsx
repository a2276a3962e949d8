import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppCatalogue } from '../../features/apps/components/app-catalogue';

/** /app/my-list: the applications the user owns. */
export default function AppMyListPage() {
  const { t } = useTranslation('apps');
  return (
    <div data-testid="app-my-list-page">
      <PageHeader title={t('pages.myList')} subtitle={t('pages.myListSubtitle')} />
      <AppCatalogue scope="mine" />
    </div>
  );
}
