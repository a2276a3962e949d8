import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applicationKinds, type ApplicationKind } from '@starlight/contract/approvals';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { feedback } from '../../../lib/feedback';
import { useApply, useRequestablePartitions } from '../api/applications';
import { detailPath } from './describe';

interface Values {
  kind: ApplicationKind;
  partition?: string;
  max_cpus?: number | null;
  cluster_name?: string;
  storage_name?: string;
  limit_gib?: number;
  group_name?: string;
  cpu_hours?: number;
  app_name?: string;
  registry_id?: number;
  image_name?: string;
  period_days?: number | null;
  reason?: string;
}

export interface NewApplicationProps {
  open: boolean;
  onClose: () => void;
  /** Opened from "request access": the kind and partition are chosen already. */
  initial?: Partial<Values>;
  renews?: number | null;
}

/** One form for every kind; the server checks the payload again (its owner knows what exists). */
export function NewApplication({ open, onClose, initial, renews = null }: NewApplicationProps) {
  const { t } = useTranslation('approvals');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? initial?.kind;
  const partitions = useRequestablePartitions();
  const apply = useApply();
  const navigate = useNavigate();

  async function submit() {
    const v = await form.validateFields();
    const payload =
      v.kind === 'partition_access'
        ? { cluster_name: v.partition!.split('/')[0], partition_name: v.partition!.split('/').slice(1).join('/'), max_cpus: v.max_cpus ?? null }
        : v.kind === 'storage_quota'
          ? { cluster_name: v.cluster_name, storage_name: v.storage_name, limit_bytes: Math.round((v.limit_gib ?? 0) * 2 ** 30) }
          : v.kind === 'cpu_hours'
            ? { cluster_name: v.cluster_name?.trim() || null, cpu_hours: v.cpu_hours }
            : v.kind === 'app_publish'
              ? { app_name: v.app_name }
              : v.kind === 'image_public'
                ? { registry_id: v.registry_id, name: v.image_name }
                : { group_name: v.group_name };
    const periodic = v.kind === 'partition_access' || v.kind === 'storage_quota' || v.kind === 'cpu_hours';
    const created = await apply.mutateAsync({ kind: v.kind, payload, reason: v.reason ?? '', period_days: periodic ? (v.period_days ?? null) : null, renews });
    feedback().message.success(t('apply.sent'));
    form.resetFields();
    onClose();
    void navigate(detailPath(created.id));
  }

  return (
    <Modal open={open} title={renews ? t('apply.renewTitle') : t('apply.title')} onCancel={onClose} onOk={() => void submit()} okText={t('apply.submit')} confirmLoading={apply.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: 'partition_access', ...initial }} data-testid="new-application-form">
        <Form.Item name="kind" label={t('fields.kind')} rules={[{ required: true }]}>
          <Select disabled={Boolean(initial?.kind)} options={applicationKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Form.Item>
        {kind === 'partition_access' ? (
          <>
            <Form.Item name="partition" label={t('fields.partition')} rules={[{ required: true, message: t('apply.required') }]}>
              <Select
                data-testid="application-partition"
                loading={partitions.isLoading}
                options={(partitions.data ?? []).map((p) => ({ value: `${p.cluster_name}/${p.partition_name}`, label: `${p.cluster_name}/${p.partition_name}${p.usable ? ` (${t('request.usable')})` : ''}` }))}
              />
            </Form.Item>
            <Form.Item name="max_cpus" label={t('fields.maxCpus')}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : null}
        {kind === 'storage_quota' ? (
          <>
            <Form.Item name="cluster_name" label={t('fields.cluster')} rules={[{ required: true, message: t('apply.required') }]}>
              <Input />
            </Form.Item>
            <Form.Item name="storage_name" label={t('fields.storage')} rules={[{ required: true, message: t('apply.required') }]}>
              <Input />
            </Form.Item>
            <Form.Item name="limit_gib" label={t('fields.limitGib')} rules={[{ required: true, message: t('apply.required') }]}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : null}
        {kind === 'group_join' ? (
          <Form.Item name="group_name" label={t('fields.group')} rules={[{ required: true, message: t('apply.required') }]}>
            <Input />
          </Form.Item>
        ) : null}
        {kind === 'cpu_hours' ? (
          <>
            <Form.Item name="cpu_hours" label={t('fields.cpuHours')} rules={[{ required: true, message: t('apply.required') }]}>
              <InputNumber min={0.01} style={{ width: '100%' }} data-testid="application-cpu-hours" />
            </Form.Item>
            <Form.Item name="cluster_name" label={t('fields.cluster')} extra={t('apply.anyCluster')}>
              <Input />
            </Form.Item>
          </>
        ) : null}
        {kind === 'app_publish' ? (
          <Form.Item name="app_name" label={t('fields.app')} rules={[{ required: true, message: t('apply.required') }]}>
            <Input data-testid="application-app-name" />
          </Form.Item>
        ) : null}
        {kind === 'image_public' ? (
          <>
            <Form.Item name="registry_id" label={t('fields.registryId')} rules={[{ required: true, message: t('apply.required') }]}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="image_name" label={t('fields.image')} rules={[{ required: true, message: t('apply.required') }]}>
              <Input placeholder="demo-bound/tool" data-testid="application-image-name" />
            </Form.Item>
          </>
        ) : null}
        {kind === 'partition_access' || kind === 'storage_quota' || kind === 'cpu_hours' ? (
          <Form.Item name="period_days" label={t('fields.periodDays')} extra={t('apply.periodHelp')}>
            <InputNumber min={1} max={3650} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        <Form.Item name="reason" label={t('fields.reason')}>
          <RichTextEditor testId="application-reason-input" placeholder={t('fields.reason')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
