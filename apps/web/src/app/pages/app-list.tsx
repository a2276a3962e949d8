import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppCatalogue } from '../../features/apps/components/app-catalogue';
import { InteractiveAppCards } from '../../features/interactive/components/interactive-app-cards';
import { useHasAnyPermission } from '../../lib/permissions';

/**
 * /app/list: the catalogue of applications the user may see: the interactive apps (kind `interactive`, for a
 * user with a bound account, who may launch them), then the CWL tools and workflows.
 */
export default function AppListPage() {
  const { t } = useTranslation('apps');
  const bound = useHasAnyPermission(['binded_account']);
  return (
    <div data-testid="app-list-page">
      <PageHeader title={t('pages.list')} subtitle={t('pages.listSubtitle')} />
      {bound ? <InteractiveAppCards /> : null}
      <AppCatalogue scope="visible" />
    </div>
  );
}
