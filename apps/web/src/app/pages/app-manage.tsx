import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppManage } from '../../features/apps/components/app-manage';

/** /app/manage (create_app_by_admin): every application. */
export default function AppManagePage() {
  const { t } = useTranslation('apps');
  return (
    <div data-testid="app-manage-page">
      <PageHeader title={t('pages.manage')} subtitle={t('pages.manageSubtitle')} />
      <AppManage />
    </div>
  );
}
