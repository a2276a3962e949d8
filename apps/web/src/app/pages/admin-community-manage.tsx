import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { CommunityManage } from '../../features/admin/components/community-manage';

export default function CommunityManagePage() {
  const { t } = useTranslation('admin');
  return (
    <div>
      <PageHeader title={t('pages.community-manage.title')} subtitle={t('pages.community-manage.subtitle')} />
      <CommunityManage />
    </div>
  );
}
