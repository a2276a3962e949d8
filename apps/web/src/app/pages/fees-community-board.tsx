import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CommunityFee, CommunityList } from '../../features/fees/components/community-board';

/** /user-center/communitymanboard [community_3rd_admin] */
export default function CommunityBoardPage() {
  const { t } = useTranslation('fees');
  return (
    <div data-testid="communitymanboard-page">
      <PageHeader title={t('pages.communityBoard')} subtitle={t('pages.communityBoardSubtitle')} />
      <CommunityList />
    </div>
  );
}

/** /user-center/communityfee/:communityName [community_3rd_admin] */
export function CommunityFeePage() {
  const { t } = useTranslation('fees');
  const { communityName = '' } = useParams();
  return (
    <div data-testid="communityfee-page">
      <PageHeader title={t('pages.communityFee', { name: communityName })} />
      <CommunityFee name={communityName} />
    </div>
  );
}
