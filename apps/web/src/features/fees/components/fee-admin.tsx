import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Allocation, AllocationScope, Price } from '@starlight/contract/fees';
import { useAllocations, useCreateAllocation, useCreatePrice, useDeletePrice, useFeeSettings, usePatchAllocation, usePrices, useSetFeeSettings, useUnpriced } from '../api/admin-fees';
import { coreHoursText, moneyText } from '../format-fees';

/** Price tables (with the partitions still unpriced) for administrators. */
export function PriceTables() {
  const { t } = useTranslation('fees');
  const [page, setPage] = useState({ page: 1, page_size: 20 });
  const prices = usePrices(page);
  const unpriced = useUnpriced();
  const create = useCreatePrice();
  const remove = useDeletePrice();
  const [form] = Form.useForm<{ cluster_name: string; partition: string; qos?: string; core_hour_price: number; gpu_hour_price?: number; node_hour_price?: number }>();
  return (
    <Card title={t('admin.prices')} data-testid="price-tables">
      {unpriced.data && unpriced.data.length > 0 ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('admin.unpriced')} description={unpriced.data.map((p) => `${p.cluster_name}/${p.partition}`).join(', ')} data-testid="unpriced" />
      ) : null}
      <Form form={form} layout="inline" style={{ rowGap: 8, marginBottom: 12 }} onFinish={(v) => create.mutate({ ...v, qos: v.qos || null, core_hour_price: Math.round(v.core_hour_price * 100), gpu_hour_price: Math.round((v.gpu_hour_price ?? 0) * 100), node_hour_price: Math.round((v.node_hour_price ?? 0) * 100), valid_from: new Date().toISOString() }, { onSuccess: () => form.resetFields() })}>
        <Form.Item name="cluster_name" rules={[{ required: true }]}><Input placeholder={t('admin.cluster')} /></Form.Item>
        <Form.Item name="partition" rules={[{ required: true }]}><Input placeholder={t('admin.partition')} /></Form.Item>
        <Form.Item name="qos"><Input placeholder={t('admin.qos')} /></Form.Item>
        <Form.Item name="core_hour_price" rules={[{ required: true }]}><InputNumber min={0} step={0.01} placeholder={t('admin.corePrice')} /></Form.Item>
        <Form.Item name="gpu_hour_price"><InputNumber min={0} step={0.01} placeholder={t('admin.gpuPrice')} /></Form.Item>
        <Form.Item name="node_hour_price"><InputNumber min={0} step={0.01} placeholder={t('admin.nodePrice')} style={{ width: 240 }} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>{t('admin.addPrice')}</Button>
      </Form>
      <Table<Price> rowKey="id" size="small" scroll={{ x: 'max-content' }} loading={prices.isFetching} dataSource={prices.data?.list}
        pagination={{ current: page.page, pageSize: page.page_size, total: prices.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, page_size: s }) }}
        columns={[
          { title: t('admin.cluster'), dataIndex: 'cluster_name' },
          { title: t('admin.partition'), dataIndex: 'partition' },
          { title: t('admin.qos'), key: 'q', render: (_, p) => p.qos ?? '-' },
          { title: t('admin.scope'), key: 's', render: (_, p) => (p.group_id ? `group #${p.group_id}` : p.community_id ? `community #${p.community_id}` : t('admin.default')) },
          { title: t('admin.corePrice'), key: 'c', render: (_, p) => moneyText(p.core_hour_price) },
          { title: t('admin.gpuPrice'), key: 'g', render: (_, p) => moneyText(p.gpu_hour_price) },
          { title: t('admin.nodePrice'), key: 'n', render: (_, p) => moneyText(p.node_hour_price) },
          { title: t('admin.period'), key: 'v', render: (_, p) => `${p.valid_from.slice(0, 10)} – ${p.valid_to?.slice(0, 10) ?? '∞'}` },
          { title: t('actions'), key: 'x', render: (_, p) => <Button size="small" danger onClick={() => remove.mutate(p.id)}>{t('delete')}</Button> },
        ]} />
    </Card>
  );
}

/** The minimum charge per job and the rounding unit (stored in fen, shown in yuan). */
export function FeeSettingsForm() {
  const { t } = useTranslation('fees');
  const settings = useFeeSettings();
  const save = useSetFeeSettings();
  const [form] = Form.useForm<{ minimum_charge: number; rounding_unit: number }>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ minimum_charge: settings.data.minimum_charge / 100, rounding_unit: settings.data.rounding_unit / 100 });
  }, [settings.data, form]);
  return (
    <Card title={t('admin.settings')} data-testid="fee-settings">
      <Form form={form} layout="inline" style={{ rowGap: 8 }}
        onFinish={(v) => save.mutate({ minimum_charge: Math.round(v.minimum_charge * 100), rounding_unit: Math.max(1, Math.round(v.rounding_unit * 100)) })}>
        <Form.Item name="minimum_charge" label={t('admin.minimumCharge')} rules={[{ required: true }]}><InputNumber min={0} step={0.01} data-testid="minimum-charge" /></Form.Item>
        <Form.Item name="rounding_unit" label={t('admin.roundingUnit')} rules={[{ required: true }]}><InputNumber min={0.01} step={0.01} data-testid="rounding-unit" /></Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>{t('admin.saveSettings')}</Button>
        {save.isSuccess ? <Tag color="green" data-testid="fee-settings-saved">{t('admin.settingsSaved')}</Tag> : null}
      </Form>
    </Card>
  );
}

/** Allocations of CPU-hours and balances for users, groups and communities. */
export function Allocations() {
  const { t, i18n } = useTranslation('fees');
  const [page, setPage] = useState({ page: 1, page_size: 20 });
  const list = useAllocations(page);
  const create = useCreateAllocation();
  const patch = usePatchAllocation();
  const [form] = Form.useForm<{ scope: AllocationScope; target_name: string; hours?: number; balance?: number }>();
  const hours = (s: number) => coreHoursText(s, i18n.language, t('unit.coreHours'));
  return (
    <Card title={t('admin.allocations')} data-testid="allocations">
      <Form form={form} layout="inline" initialValues={{ scope: 'group' }} style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(v) => create.mutate({ scope: v.scope, target_name: v.target_name, cpu_seconds_limit: v.hours == null ? null : Math.round(v.hours * 3600), balance: v.balance == null ? null : Math.round(v.balance * 100) }, { onSuccess: () => form.resetFields() })}>
        <Form.Item name="scope"><Select style={{ width: 130 }} options={(['user', 'group', 'community'] as const).map((s) => ({ value: s, label: t(`scopeName.${s}`) }))} /></Form.Item>
        <Form.Item name="target_name" rules={[{ required: true }]}><Input placeholder={t('admin.target')} /></Form.Item>
        <Form.Item name="hours"><InputNumber min={0} placeholder={t('unit.coreHours')} /></Form.Item>
        <Form.Item name="balance"><InputNumber min={0} step={0.01} placeholder={t('admin.balance')} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>{t('admin.addAllocation')}</Button>
      </Form>
      <Table<Allocation> rowKey="id" size="small" scroll={{ x: 'max-content' }} loading={list.isFetching} dataSource={list.data?.list}
        pagination={{ current: page.page, pageSize: page.page_size, total: list.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, page_size: s }) }}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('admin.target'), key: 't', render: (_, a) => `${t(`scopeName.${a.scope}`)} ${a.target_name}` },
          { title: t('group.used'), key: 'u', render: (_, a) => `${hours(a.used_core_seconds)} / ${a.cpu_seconds_limit === null ? '-' : hours(a.cpu_seconds_limit)}` },
          { title: t('admin.balance'), key: 'b', render: (_, a) => (a.balance === null ? '-' : `${moneyText(a.spent)} / ${moneyText(a.balance)}`) },
          { title: t('group.state'), key: 's', render: (_, a) => <Tag color={a.over_limit ? 'red' : 'green'}>{a.over_limit ? t('status.over') : t('status.ok')}</Tag> },
          {
            title: t('actions'),
            key: 'x',
            render: (_, a) => (
              <Space>
                <InputNumber size="small" min={0} placeholder={t('unit.coreHours')} onPressEnter={(e) => patch.mutate({ id: a.id, input: { cpu_seconds_limit: Math.round(Number((e.target as HTMLInputElement).value) * 3600) } })} aria-label={t('admin.raise')} />
              </Space>
            ),
          },
        ]} />
    </Card>
  );
}
