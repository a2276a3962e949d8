import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppCatalogue } from '../../features/apps/components/app-catalogue';
import { RequestPublish } from '../../features/approvals/components/request-publish';

/** /app/my-list: the applications the user owns. */
export default function AppMyListPage() {
  const { t } = useTranslation('apps');
  return (
    <div data-testid="app-my-list-page">
      <PageHeader title={t('pages.myList')} subtitle={t('pages.myListSubtitle')} />
      {/* the user's own apps not public yet: publishing is an application (approvals module) */}
      <AppCatalogue scope="mine" extra={(app) => (app.mine && app.owner_kind !== 'platform' && app.visibility !== 'public' ? <RequestPublish appName={app.name} /> : null)} />
    </div>
  );
}
