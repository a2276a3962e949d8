import { Button, Form, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NamespaceQuota } from '@starlight/contract/images';
import { formatBytes, formatDate } from '../../../lib/format';
import { useQuotas, useRegistries, useSetQuota } from '../api/images-api';

const mib = 1024 * 1024;

/** Bytes per namespace, enforced at push by the token server; usage as recomputed from stored blobs. */
export function QuotasAdmin() {
  const { t } = useTranslation('images');
  const quotas = useQuotas();
  const registries = useRegistries();
  const set = useSetQuota();
  const [form] = Form.useForm<{ registry_id: number; namespace: string; mib: number }>();
  const nameOf = (id: number) => registries.data?.list.find((row) => row.id === id)?.name ?? String(id);
  return (
    <>
      <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(values) => set.mutate({ registry_id: values.registry_id, namespace: values.namespace, quota_bytes: Math.round(values.mib * mib) })}>
        <Form.Item name="registry_id" rules={[{ required: true }]}>
          <Select placeholder={t('registries.name')} style={{ minWidth: 140 }} options={(registries.data?.list ?? []).map((row) => ({ value: row.id, label: row.name }))} />
        </Form.Item>
        <Form.Item name="namespace" rules={[{ required: true, pattern: /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/ }]}>
          <Input placeholder={t('quotas.namespace')} />
        </Form.Item>
        <Form.Item name="mib" rules={[{ required: true }]}>
          <InputNumber min={0} placeholder={t('quotas.mib')} addonAfter="MiB" />
        </Form.Item>
        <Button htmlType="submit" type="primary" loading={set.isPending}>
          {t('quotas.set')}
        </Button>
      </Form>
      <Table<NamespaceQuota>
        size="small"
        rowKey={(row) => `${row.registry_id}/${row.namespace}`}
        loading={quotas.isLoading}
        dataSource={quotas.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('registries.name'), dataIndex: 'registry_id', render: nameOf },
          { title: t('quotas.namespace'), dataIndex: 'namespace' },
          { title: t('quotas.quota'), dataIndex: 'quota_bytes', render: (bytes: number) => (bytes > 0 ? formatBytes(bytes) : t('quotas.none')) },
          { title: t('quotas.used'), dataIndex: 'used_bytes', render: (bytes: number) => formatBytes(bytes) },
          { title: t('quotas.recomputed'), dataIndex: 'recomputed_at', render: (at: string | null) => (at ? formatDate(at) : '—') },
        ]}
      />
    </>
  );
}
