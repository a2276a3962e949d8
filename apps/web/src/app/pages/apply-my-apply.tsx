import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { MyApplications } from '../../features/approvals/components/my-applications';

/** /apply/my-apply: my applications and the ones waiting for my decision. */
export default function MyApplyPage() {
  const { t } = useTranslation('approvals');
  return (
    <div data-testid="my-apply-page">
      <PageHeader title={t('pages.myApply')} subtitle={t('pages.myApplyHelp')} />
      <MyApplications />
    </div>
  );
}
