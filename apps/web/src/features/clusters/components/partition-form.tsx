import { useEffect } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { partitionPatchInputSchema, type Partition, type PartitionPatchInput } from '@starlight/contract/hpc';
import { useUpdatePartition } from '../api/update-partition';

/** Describes a partition: description, partition_type, init_type (private ones are left out of users' lists, spec §5). */
export function PartitionForm({ partition, onSaved }: { partition: Partition; onSaved: () => void }) {
  const { t } = useTranslation('clusters');
  const [form] = Form.useForm<PartitionPatchInput>();
  const update = useUpdatePartition();
  useEffect(() => {
    form.setFieldsValue({ description: partition.description, partition_type: partition.partition_type, init_type: partition.init_type });
  }, [partition, form]);

  const onFinish = async (values: PartitionPatchInput) => {
    const parsed = partitionPatchInputSchema.safeParse({ description: values.description ?? '', partition_type: values.partition_type ?? '', init_type: values.init_type ?? '' });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof PartitionPatchInput, errors: [i.message] })));
      return;
    }
    try {
      await update.mutateAsync({ id: partition.id, patch: parsed.data });
      onSaved();
    } catch {
      // shown by the api client
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="partition-form">
      <Form.Item name="description" label={t('partitions.description')}>
        <Input.TextArea rows={3} maxLength={2000} showCount data-testid="partition-description" />
      </Form.Item>
      <Form.Item name="partition_type" label={t('partitions.partitionType')} extra={t('partitions.partitionTypeHelp')}>
        <Input maxLength={64} placeholder="public_partition" data-testid="partition-type" autoComplete="off" />
      </Form.Item>
      <Form.Item name="init_type" label={t('partitions.initType')} extra={t('partitions.initTypeHelp')}>
        <Input maxLength={64} placeholder="public" data-testid="partition-init-type" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} block data-testid="partition-save">
        {t('form.save')}
      </Button>
    </Form>
  );
}
