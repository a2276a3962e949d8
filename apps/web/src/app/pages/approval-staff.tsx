import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ApplicationList } from '../../features/approvals/components/application-list';

/** /approval/staff-approval [query_all_user_approval]: every user's applications. */
export default function StaffApprovalPage() {
  const { t } = useTranslation('approvals');
  return (
    <div data-testid="staff-approval-page">
      <PageHeader title={t('pages.staff')} />
      <ApplicationList scope="staff" />
    </div>
  );
}
