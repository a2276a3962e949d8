import { useState } from 'react';
import { Button, Card, Checkbox, Flex, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalChain, ApprovalChainInput } from '@starlight/contract/approvals';
import { permissionKeys } from '@starlight/contract/permissions';
import { useApprovalChains, useDeleteChain, useSaveChain } from '../api/applications';

type NodeValues = { name: string; mode: 'any' | 'all'; perms: string[]; group_admin: boolean; user_ids: string };
type Values = { name: string; description: string; nodes: NodeValues[] };

const toValues = (c: ApprovalChain | null): Values =>
  c
    ? { name: c.name, description: c.description, nodes: c.nodes.map((n) => ({ name: n.name, mode: n.mode, perms: n.approvers.perms, group_admin: n.approvers.group_admin, user_ids: n.approvers.user_ids.join(', ') })) }
    : { name: '', description: '', nodes: [{ name: '', mode: 'any', perms: [], group_admin: true, user_ids: '' }] };

const toInput = (v: Values): ApprovalChainInput => ({
  name: v.name,
  description: v.description ?? '',
  nodes: v.nodes.map((n) => ({
    name: n.name,
    mode: n.mode,
    approvers: {
      perms: n.perms as ApprovalChainInput['nodes'][number]['approvers']['perms'],
      role_ids: [],
      group_admin: Boolean(n.group_admin),
      user_ids: (n.user_ids ?? '').split(/[\s,]+/).filter(Boolean).map(Number).filter((x) => Number.isInteger(x) && x > 0),
    },
  })),
});

/** /approval/approval-nodes: the chains and their nodes (who approves, any-of or all-of), edited in a dialog. */
export function ApprovalChains() {
  const { t } = useTranslation('approvals');
  const chains = useApprovalChains();
  const save = useSaveChain();
  const remove = useDeleteChain();
  const [editing, setEditing] = useState<ApprovalChain | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();

  async function submit() {
    const values = await form.validateFields();
    await save.mutateAsync({ id: editing?.id ?? null, input: toInput(values) });
    setEditing(undefined);
  }

  return (
    <Flex vertical gap={12} data-testid="approval-chains">
      <div>
        <Button type="primary" onClick={() => setEditing(null)} data-testid="new-chain">
          {t('chains.new')}
        </Button>
      </div>
      {(chains.data ?? []).map((c) => (
        <Card
          key={c.id}
          size="small"
          title={c.name}
          extra={
            <Space>
              <Button size="small" onClick={() => setEditing(c)}>
                {t('chains.edit')}
              </Button>
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
              <li key={i}>
                {n.name} <Tag>{t(`modes.${n.mode}`)}</Tag>
                {n.approvers.group_admin ? <Tag color="blue">{t('chains.groupAdmin')}</Tag> : null}
                {n.approvers.perms.map((p) => (
                  <Tag key={p}>{p}</Tag>
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
      <Modal open={editing !== undefined} title={editing ? t('chains.edit') : t('chains.new')} onCancel={() => setEditing(undefined)} onOk={() => void submit()} confirmLoading={save.isPending} destroyOnHidden width={640}>
        <Form form={form} layout="vertical" initialValues={toValues(editing ?? null)} preserve={false}>
          <Form.Item name="name" label={t('chains.name')} rules={[{ required: true, message: t('apply.required') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="description" label={t('chains.description')}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.List name="nodes">
            {(fields, { add, remove: drop }) => (
              <>
                {fields.map((field, i) => (
                  <Card key={field.key} size="small" title={t('chains.node', { n: i + 1 })} extra={fields.length > 1 ? <Button size="small" onClick={() => drop(field.name)}>{t('chains.removeNode')}</Button> : null} style={{ marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'name']} label={t('chains.name')} rules={[{ required: true, message: t('apply.required') }]}>
                      <Input maxLength={64} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'mode']} label={t('chains.mode')}>
                      <Select options={(['any', 'all'] as const).map((m) => ({ value: m, label: t(`modes.${m}`) }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'group_admin']} valuePropName="checked">
                      <Checkbox>{t('chains.groupAdmin')}</Checkbox>
                    </Form.Item>
                    <Form.Item name={[field.name, 'perms']} label={t('chains.perms')}>
                      <Select mode="multiple" options={permissionKeys.map((k) => ({ value: k, label: k }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'user_ids']} label={t('chains.userIds')}>
                      <Input placeholder="12, 34" />
                    </Form.Item>
                  </Card>
                ))}
                <Button onClick={() => add({ name: '', mode: 'any', perms: [], group_admin: false, user_ids: '' })}>{t('chains.addNode')}</Button>
              </>
            )}
          </Form.List>
        </Form>
      </Modal>
    </Flex>
  );
}
