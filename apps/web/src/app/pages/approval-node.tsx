import { Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useApprovalChain } from '../../features/approvals/api/applications';
import { ChainEditor } from '../../features/approvals/components/chain-editor';
import { useChainRoles } from './approval-chain-roles';

const listPath = '/approval/approval-nodes';

/** /approval/approval-node [manage_approval]: a new approval chain. */
function NewApprovalNodePage() {
  const { t } = useTranslation('approvals');
  const navigate = useNavigate();
  const { roles } = useChainRoles();
  return (
    <div data-testid="approval-node-page">
      <PageHeader title={t('pages.nodeNew')} subtitle={t('pages.nodeHelp')} />
      <ChainEditor chain={null} roles={roles} onSaved={() => void navigate(listPath)} onCancel={() => void navigate(listPath)} />
    </div>
  );
}

/** /approval/approval-node/:id [manage_approval]: one chain's nodes, edited. */
function EditApprovalNodePage({ id }: { id: string }) {
  const { t } = useTranslation('approvals');
  const navigate = useNavigate();
  const chainId = /^\d+$/.test(id) ? Number(id) : NaN;
  const chain = useApprovalChain(chainId);
  const { roles } = useChainRoles();
  let body;
  if (!Number.isInteger(chainId) || chainId <= 0 || chain.isError)
    body = <Result status="404" title={t('pages.nodeMissing')} subTitle={t('pages.nodeMissingHelp')} data-testid="approval-node-missing" />;
  else if (!chain.data) body = <Skeleton active />;
  else body = <ChainEditor key={chain.data.id} chain={chain.data} roles={roles} onSaved={() => void navigate(listPath)} onCancel={() => void navigate(listPath)} />;
  return (
    <div data-testid="approval-node-page">
      <PageHeader title={chain.data ? t('pages.nodeEdit', { name: chain.data.name }) : t('pages.nodeEditTitle')} subtitle={t('pages.nodeHelp')} />
      {body}
    </div>
  );
}

/** One page module for both routes (one lazy entry in the route table, which the login page loads). */
export default function ApprovalNodePage() {
  const { id } = useParams();
  return id === undefined ? <NewApprovalNodePage /> : <EditApprovalNodePage id={id} />;
}
