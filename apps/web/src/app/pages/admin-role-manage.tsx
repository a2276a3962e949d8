import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { RoleManage } from '../../features/admin/components/role-manage';

export default function RoleManagePage() {
  const { t } = useTranslation('admin');
  return (
    <div>
      <PageHeader title={t('pages.role-manage.title')} subtitle={t('pages.role-manage.subtitle')} />
      <RoleManage />
    </div>
  );
}
