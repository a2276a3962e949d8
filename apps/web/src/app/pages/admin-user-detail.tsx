import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { UserDetailView } from '../../features/admin/components/user-detail-view';

export default function UserDetailPage() {
  const { t } = useTranslation('admin');
  const { username = '' } = useParams();
  return (
    <div>
      <PageHeader title={t('pages.user-detail.title')} subtitle={username} />
      <UserDetailView key={username} userName={username} />
    </div>
  );
}
