import { Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalRoot } from '@starlight/contract/approvals';
import { useApprovalChains, useApprovalRoots, useSetRoot } from '../api/applications';

/** /approval/approval-root: every application kind and the chain that decides it (none: the kind is closed). */
export function ApprovalRootTable() {
  const { t } = useTranslation('approvals');
  const roots = useApprovalRoots();
  const chains = useApprovalChains();
  const setRoot = useSetRoot();
  return (
    <Table<ApprovalRoot>
      rowKey="kind"
      data-testid="approval-root"
      loading={roots.isLoading}
      pagination={false}
      scroll={{ x: 480 }}
      dataSource={roots.data ?? []}
      columns={[
        { title: t('fields.kind'), dataIndex: 'kind', render: (k: ApprovalRoot['kind']) => t(`kinds.${k}`) },
        { title: t('root.periodic'), dataIndex: 'periodic', render: (p: boolean) => (p ? <Tag>{t('root.yes')}</Tag> : null) },
        {
          title: t('root.chain'),
          key: 'chain',
          render: (_, r) => (
            <Select
              style={{ minWidth: 180 }}
              value={r.chain_id ?? 0}
              onChange={(v) => void setRoot.mutateAsync({ kind: r.kind, chainId: v === 0 ? null : v })}
              options={[{ value: 0, label: t('root.closed') }, ...(chains.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            />
          ),
        },
      ]}
    />
  );
}
