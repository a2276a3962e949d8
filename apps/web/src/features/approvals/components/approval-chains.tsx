import { Button, Card, Flex, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PermissionTag } from '../../../components/permission-label';
import { useApprovalChains, useDeleteChain } from '../api/applications';

/** /approval/approval-nodes: the chains and their nodes (who approves, any-of or all-of); each edited on its own page. */
export function ApprovalChains({ roleName }: { roleName: (id: number) => string }) {
  const { t } = useTranslation('approvals');
  const chains = useApprovalChains();
  const remove = useDeleteChain();

  return (
    <Flex vertical gap={12} data-testid="approval-chains">
      <div>
        <Link to="/approval/approval-node">
          <Button type="primary" data-testid="new-chain">
            {t('chains.new')}
          </Button>
        </Link>
      </div>
      {(chains.data ?? []).map((c) => (
        <Card
          key={c.id}
          size="small"
          title={c.name}
          data-testid={`chain-${c.id}`}
          extra={
            <Space>
              <Link to={`/approval/approval-node/${c.id}`}>
                <Button size="small" data-testid={`edit-chain-${c.id}`}>
                  {t('chains.edit')}
                </Button>
              </Link>
              <Popconfirm title={t('chains.deleteConfirm')} onConfirm={() => void remove.mutateAsync(c.id)}>
                <Button size="small" danger>
                  {t('chains.delete')}
                </Button>
              </Popconfirm>
            </Space>
          }
        >
          {c.description}
          <ol>
            {c.nodes.map((n, i) => (
              <li key={i} style={{ marginBottom: 4 }}>
                {n.name} <Tag>{t(`modes.${n.mode}`)}</Tag>
                {n.approvers.group_admin ? <Tag color="blue">{t('chains.groupAdmin')}</Tag> : null}
                {n.approvers.perms.map((p) => (
                  <PermissionTag key={p} permission={p} />
                ))}
                {n.approvers.role_ids.map((id) => (
                  <Tag key={`role-${id}`} color="purple">
                    {t('chains.role', { name: roleName(id) })}
                  </Tag>
                ))}
                {n.approvers.user_ids.length > 0 ? <Tag>{t('chains.users', { ids: n.approvers.user_ids.join(', ') })}</Tag> : null}
              </li>
            ))}
          </ol>
          {c.kinds.map((k) => (
            <Tag key={k} color="green">
              {t(`kinds.${k}`)}
            </Tag>
          ))}
        </Card>
      ))}
    </Flex>
  );
}
