import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ApprovalRootTable } from '../../features/approvals/components/approval-root';

/** /approval/approval-root [manage_approval]: which chain decides each application kind. */
export default function ApprovalRootPage() {
  const { t } = useTranslation('approvals');
  return (
    <div data-testid="approval-root-page">
      <PageHeader title={t('pages.root')} subtitle={t('pages.rootHelp')} />
      <ApprovalRootTable />
    </div>
  );
}
