import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { GroupBoard } from '../../features/fees/components/group-board';

/** /user-center/grpmanboard [user_order_create_gadmin] */
export default function GroupBoardPage() {
  const { t } = useTranslation('fees');
  return (
    <div data-testid="grpmanboard-page">
      <PageHeader title={t('pages.groupBoard')} subtitle={t('pages.groupBoardSubtitle')} />
      <GroupBoard />
    </div>
  );
}
