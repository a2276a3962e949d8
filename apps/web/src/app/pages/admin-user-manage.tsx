import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { UserManage } from '../../features/admin/components/user-manage';

export default function UserManagePage() {
  const { t } = useTranslation('admin');
  return (
    <div>
      <PageHeader title={t('pages.user-manage.title')} subtitle={t('pages.user-manage.subtitle')} />
      <UserManage />
    </div>
  );
}
