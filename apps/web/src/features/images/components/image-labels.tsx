import { useState } from 'react';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabelRelation, useLabelRelations, useRegistries } from '../api/images-api';

/** Spec §7 label relations on images: a label id on a repository of a registry (manage_label). */
export function ImageLabels() {
  const { t } = useTranslation('images');
  const [page, setPage] = useState(1);
  const relations = useLabelRelations(page);
  const registries = useRegistries();
  const change = useLabelRelation();
  const [form] = Form.useForm<{ label_id: number; registry_id: number; image: string }>();
  return (
    <>
      <Form form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(values) => change.mutate(values, { onSuccess: () => form.resetFields() })}>
        <Form.Item name="label_id" rules={[{ required: true }]}>
          <InputNumber min={1} placeholder={t('labels.labelId')} />
        </Form.Item>
        <Form.Item name="registry_id" rules={[{ required: true }]}>
          <Select placeholder={t('registries.name')} style={{ minWidth: 140 }} options={(registries.data?.list ?? []).map((row) => ({ value: row.id, label: row.name }))} />
        </Form.Item>
        <Form.Item name="image" rules={[{ required: true }]}>
          <Input placeholder={t('labels.image')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('labels.add')}
        </Button>
      </Form>
      <Table
        size="small"
        rowKey="id"
        loading={relations.isLoading}
        dataSource={relations.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: relations.data?.total ?? 0, onChange: setPage, simple: true }}
        columns={[
          { title: t('labels.label'), dataIndex: 'label_name' },
          { title: t('registries.name'), dataIndex: 'registry_id', render: (id: number) => registries.data?.list.find((row) => row.id === id)?.name ?? id },
          { title: t('labels.image'), dataIndex: 'image' },
          {
            title: t('tags.actions'),
            key: 'actions',
            render: (_: unknown, row: { label_id: number; registry_id: number; image: string }) => (
              <Popconfirm title={t('labels.removeConfirm')} onConfirm={() => change.mutate({ remove: true, label_id: row.label_id, registry_id: row.registry_id, image: row.image })}>
                <Button size="small" danger>
                  {t('labels.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}
