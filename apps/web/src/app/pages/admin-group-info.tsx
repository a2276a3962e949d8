import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { GroupInfoView } from '../../features/admin/components/group-info-view';

export default function GroupInfoPage() {
  const { t } = useTranslation('admin');
  const { group = '' } = useParams();
  return (
    <div>
      <PageHeader title={t('pages.group-info.title')} subtitle={group} />
      <GroupInfoView key={group} groupName={group} />
    </div>
  );
}
