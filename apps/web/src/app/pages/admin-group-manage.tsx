import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { GroupManage } from '../../features/admin/components/group-manage';

export default function GroupManagePage() {
  const { t } = useTranslation('admin');
  return (
    <div>
      <PageHeader title={t('pages.group-manage.title')} subtitle={t('pages.group-manage.subtitle')} />
      <GroupManage />
    </div>
  );
}
