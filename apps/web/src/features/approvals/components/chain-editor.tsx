import { Button, Card, Checkbox, Flex, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalChain, ApprovalChainInput } from '@starlight/contract/approvals';
import { permissionKeys } from '@starlight/contract/permissions';
import { usePermissionOptions } from '../../../components/permission-label';
import { useSaveChain } from '../api/applications';

type NodeValues = { name: string; mode: 'any' | 'all'; perms: ApprovalChainInput['nodes'][number]['approvers']['perms']; role_ids: number[]; group_admin: boolean; user_ids: string };
type Values = { name: string; description: string; nodes: NodeValues[] };

const emptyNode = (groupAdmin: boolean): NodeValues => ({ name: '', mode: 'any', perms: [], role_ids: [], group_admin: groupAdmin, user_ids: '' });

const toValues = (chain: ApprovalChain | null): Values =>
  chain
    ? {
        name: chain.name,
        description: chain.description,
        nodes: chain.nodes.map((n) => ({ name: n.name, mode: n.mode, perms: n.approvers.perms, role_ids: n.approvers.role_ids, group_admin: n.approvers.group_admin, user_ids: n.approvers.user_ids.join(', ') })),
      }
    : { name: '', description: '', nodes: [emptyNode(true)] };

/** Ids typed as "12, 34": whole positive numbers only. */
const parseIds = (text: string | undefined): number[] =>
  (text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((x) => Number.isInteger(x) && x > 0);

export const toChainInput = (v: Values): ApprovalChainInput => ({
  name: v.name,
  description: v.description ?? '',
  nodes: v.nodes.map((n) => ({
    name: n.name,
    mode: n.mode,
    approvers: { perms: n.perms ?? [], role_ids: n.role_ids ?? [], group_admin: Boolean(n.group_admin), user_ids: parseIds(n.user_ids) },
  })),
});

export interface ChainEditorProps {
  /** null: a new chain. */
  chain: ApprovalChain | null;
  /** The roles a node may name (the page reads them; roles belong to administration). */
  roles: readonly { id: number; name: string }[];
  onSaved: (chain: ApprovalChain) => void;
  onCancel: () => void;
}

/**
 * /approval/approval-node and /approval/approval-node/:id: one chain and its nodes in order — who
 * decides each (holders of permission keys, roles, the applicant's group administrators, named users)
 * and whether one or all of them must approve.
 */
export function ChainEditor({ chain, roles, onSaved, onCancel }: ChainEditorProps) {
  const { t } = useTranslation('approvals');
  const save = useSaveChain();
  const [form] = Form.useForm<Values>();
  const permissionOptions = usePermissionOptions(permissionKeys);
  const roleOptions = roles.map((r) => ({ value: r.id, label: r.name }));

  async function submit(values: Values) {
    onSaved(await save.mutateAsync({ id: chain?.id ?? null, input: toChainInput(values) }));
  }

  return (
    <Form form={form} layout="vertical" initialValues={toValues(chain)} onFinish={(v) => void submit(v)} data-testid="chain-editor" style={{ maxWidth: 760 }}>
      <Form.Item name="name" label={t('chains.name')} rules={[{ required: true, whitespace: true, message: t('apply.required') }]}>
        <Input maxLength={64} data-testid="chain-name" />
      </Form.Item>
      <Form.Item name="description" label={t('chains.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="chain-description" />
      </Form.Item>
      <Form.List name="nodes">
        {(fields, { add, remove, move }) => (
          <Flex vertical gap={8}>
            {fields.map((field, i) => (
              <Card
                key={field.key}
                size="small"
                title={t('chains.node', { n: i + 1 })}
                data-testid={`chain-node-${i}`}
                extra={
                  <Space size={4} wrap>
                    <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('chains.moveUp')}>
                      ↑
                    </Button>
                    <Button size="small" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={t('chains.moveDown')}>
                      ↓
                    </Button>
                    {fields.length > 1 ? (
                      <Button size="small" danger onClick={() => remove(field.name)}>
                        {t('chains.removeNode')}
                      </Button>
                    ) : null}
                  </Space>
                }
              >
                <Form.Item name={[field.name, 'name']} label={t('chains.nodeName')} rules={[{ required: true, whitespace: true, message: t('apply.required') }]}>
                  <Input maxLength={64} data-testid={`node-name-${i}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'mode']} label={t('chains.mode')} extra={t('chains.modeHelp')}>
                  <Select options={(['any', 'all'] as const).map((m) => ({ value: m, label: t(`modes.${m}`) }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'group_admin']} valuePropName="checked">
                  <Checkbox data-testid={`node-group-admin-${i}`}>{t('chains.groupAdmin')}</Checkbox>
                </Form.Item>
                <Form.Item name={[field.name, 'perms']} label={t('chains.perms')}>
                  <Select mode="multiple" options={permissionOptions} optionFilterProp="search" maxCount={10} data-testid={`node-perms-${i}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'role_ids']} label={t('chains.roles')}>
                  <Select mode="multiple" options={roleOptions} optionFilterProp="label" maxCount={20} data-testid={`node-roles-${i}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'user_ids']} label={t('chains.userIds')} extra={t('chains.userIdsHelp')}>
                  <Input placeholder="12, 34" data-testid={`node-users-${i}`} />
                </Form.Item>
              </Card>
            ))}
            <div>
              <Button onClick={() => add(emptyNode(false))} disabled={fields.length >= 10} data-testid="add-node">
                {t('chains.addNode')}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-chain">
          {t('chains.save')}
        </Button>
        <Button onClick={onCancel}>{t('chains.cancel')}</Button>
      </Space>
    </Form>
  );
}
