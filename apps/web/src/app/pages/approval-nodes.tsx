import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ApprovalChains } from '../../features/approvals/components/approval-chains';
import { useChainRoles } from './approval-chain-roles';

/** /approval/approval-nodes [manage_approval]: chains and their nodes. */
export default function ApprovalNodesPage() {
  const { t } = useTranslation('approvals');
  const { roleName } = useChainRoles();
  return (
    <div data-testid="approval-nodes-page">
      <PageHeader title={t('pages.nodes')} subtitle={t('pages.nodesHelp')} />
      <ApprovalChains roleName={roleName} />
    </div>
  );
}
