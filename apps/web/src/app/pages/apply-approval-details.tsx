import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useSessionStore } from '../../lib/session-store';
import { ApplicationDetail } from '../../features/approvals/components/application-detail';

/** /apply/approval-details/:id (and /approval/create-approval/:id, where an approver decides). */
export default function ApprovalDetailsPage() {
  const { t } = useTranslation('approvals');
  const { id = '' } = useParams();
  const userId = useSessionStore((s) => s.user?.id ?? null);
  return (
    <div data-testid="approval-details-page">
      <PageHeader title={t('pages.details', { id })} />
      <ApplicationDetail id={Number(id)} userId={userId} />
    </div>
  );
}
