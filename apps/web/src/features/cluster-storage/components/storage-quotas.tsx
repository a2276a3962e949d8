import { useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Progress, Select, Space, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { StorageQuota } from '@starlight/contract/cluster-storage';
import { usePermissions } from '../../../lib/permissions';
import { useChangeQuota, useStorageQuotas, type QuotaScope } from '../api/storage-quotas';
import { fromBytes, quotaUnits, toBytes, usedPercent, type QuotaUnit } from '../quota-units';

interface EditValues {
  unlimited: boolean;
  amount: number | null;
  unit: QuotaUnit;
  expires: Dayjs | null;
}

function QuotaEditor({ quota, scope, onClose }: { quota: StorageQuota; scope: QuotaScope; onClose: () => void }) {
  const { t } = useTranslation('storage');
  const isAdmin = usePermissions().includes('kcluster_clusters_admin');
  const change = useChangeQuota();
  const [form] = Form.useForm<EditValues>();
  const initial = quota.limit_bytes === null ? { amount: null, unit: 'GiB' as QuotaUnit } : fromBytes(quota.limit_bytes);
  const unlimited = Form.useWatch('unlimited', form);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const limit = v.unlimited || v.amount === null ? null : toBytes(v.amount, v.unit);
    const target = { cluster: quota.cluster_name, storage: quota.storage_name };
    const expires = v.expires ? v.expires.toISOString() : null;
    if (scope === 'user') {
      await change.mutateAsync({ scope: 'user', body: { user_name: quota.user_name!, ...target, limit_bytes: limit, ...(isAdmin ? { expires_at: expires } : {}) } });
    } else {
      await change.mutateAsync({ scope: 'group', body: { group_id: quota.group_id!, ...target, limit_bytes: limit } });
      if (expires !== quota.expires_at) await change.mutateAsync({ scope: 'expire', body: { group_id: quota.group_id!, ...target, expires_at: expires } });
    }
    onClose();
  };

  return (
    <Modal
      open
      title={t('cs.quota.editTitle', { who: quota.user_name ?? quota.group_name, storage: quota.storage_name })}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={change.isPending}
      okText={t('cs.save')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="quota-form"
        initialValues={{ unlimited: quota.limit_bytes === null, amount: initial.amount, unit: initial.unit, expires: quota.expires_at ? dayjs(quota.expires_at) : null }}
      >
        <Form.Item name="unlimited" valuePropName="checked">
          <Checkbox>{t('cs.quota.unlimited')}</Checkbox>
        </Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="amount" noStyle rules={[{ required: !unlimited, message: t('cs.required') }]}>
            <InputNumber min={0} step={1} style={{ width: '70%' }} disabled={unlimited} aria-label={t('cs.quota.limit')} data-testid="quota-amount" />
          </Form.Item>
          <Form.Item name="unit" noStyle>
            <Select style={{ width: '30%' }} disabled={unlimited} options={quotaUnits.map((u) => ({ value: u, label: u }))} />
          </Form.Item>
        </Space.Compact>
        {isAdmin ? (
          <Form.Item name="expires" label={t('cs.quota.expires')} extra={t('cs.quota.expiresHelp')} style={{ marginTop: 16 }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

function QuotaTable({ scope }: { scope: QuotaScope }) {
  const { t } = useTranslation('storage');
  const [name, setName] = useState('');
  const quotas = useStorageQuotas(scope, name);
  const permissions = usePermissions();
  const canEdit = permissions.includes('kcluster_clusters_admin') || (scope === 'user' && permissions.includes('user_order_create_gadmin'));
  const [editing, setEditing] = useState<StorageQuota | null>(null);

  const columns: TableProps<StorageQuota>['columns'] = [
    { key: 'who', title: scope === 'user' ? t('cs.quota.user') : t('cs.quota.group'), render: (_: unknown, q) => <Typography.Text strong>{q.user_name ?? q.group_name}</Typography.Text> },
    { key: 'storage', title: t('cs.quota.storage'), render: (_: unknown, q) => `${q.cluster_name} / ${q.storage_name}` },
    {
      key: 'usage',
      title: t('cs.quota.usage'),
      render: (_: unknown, q) => {
        const percent = usedPercent(q.used_bytes, q.limit_bytes);
        return (
          <div style={{ minWidth: 140 }}>
            <Typography.Text type="secondary">
              {q.used_display ?? t('cs.quota.notMeasured')} / {q.limit_display ?? t('cs.quota.noLimit')}
            </Typography.Text>
            {percent !== null ? <Progress percent={percent} size="small" status={q.expired || percent >= 100 ? 'exception' : 'normal'} /> : null}
          </div>
        );
      },
    },
    {
      key: 'expires',
      title: t('cs.quota.expires'),
      responsive: ['sm'],
      render: (_: unknown, q) => (q.expired ? <Tag color="error">{t('cs.quota.expired')}</Tag> : q.expires_at ? dayjs(q.expires_at).format('YYYY-MM-DD HH:mm:ss') : '—'),
    },
    ...(canEdit
      ? [{ key: 'edit', title: '', render: (_: unknown, q: StorageQuota) => <Button size="small" onClick={() => setEditing(q)} data-testid="quota-edit">{t('cs.edit')}</Button> }]
      : []),
  ];

  return (
    <>
      <Input.Search allowClear placeholder={t('cs.quota.search')} onSearch={setName} style={{ maxWidth: 320, marginBottom: 12 }} />
      {quotas.isError ? <Alert type="error" showIcon title={t('cs.loadFailed')} /> : null}
      <Table
        rowKey={(q) => `${q.scope}/${q.user_name ?? q.group_id}/${q.cluster_name}/${q.storage_name}`}
        columns={columns}
        dataSource={quotas.data?.list ?? []}
        loading={quotas.isPending}
        scroll={{ x: true }}
        size="middle"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      {editing ? <QuotaEditor quota={editing} scope={scope} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** /cluster-partition/user-storage-quota: users' and groups' storage quotas (all, one's groups, or one's own — the server decides). */
export function StorageQuotas() {
  const { t } = useTranslation('storage');
  return (
    <div data-testid="storage-quotas">
      <Tabs
        items={[
          { key: 'user', label: t('cs.quota.users'), children: <QuotaTable scope="user" /> },
          { key: 'group', label: t('cs.quota.groups'), children: <QuotaTable scope="group" /> },
        ]}
      />
    </div>
  );
}
