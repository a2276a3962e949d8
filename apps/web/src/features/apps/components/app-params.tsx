import { Button, Card, Col, Flex, Form, InputNumber, Popconfirm, Row, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppParam } from '@starlight/contract/apps';
import { feedback } from '../../../lib/feedback';
import { useAllPartitions, useAppParamMutations, useAppParams } from '../api/app-admin-api';

const limits = ['default_cpus', 'max_cpus', 'default_memory_mb', 'max_memory_mb', 'default_time_minutes', 'max_time_minutes'] as const;
type Values = Omit<AppParam, 'id'>;

/** /app/app-params: per cluster/partition defaults and limits of app runs' cores, memory and time. */
export function AppParams() {
  const { t } = useTranslation('apps');
  const { message } = feedback();
  const params = useAppParams();
  const partitions = useAllPartitions();
  const { save, remove } = useAppParamMutations();
  const [form] = Form.useForm<Values>();
  const cluster = Form.useWatch('cluster', form);
  const clusters = [...new Set((partitions.data ?? []).map((p) => p.cluster_name))];
  const onFinish = (values: Values) =>
    save.mutate(
      { ...Object.fromEntries(limits.map((k) => [k, values[k] ?? null])), cluster: values.cluster, partition: values.partition } as Values,
      {
        onSuccess: () => void message.success(t('params.saved')),
        onError: (e) => void message.error(e.message),
      },
    );
  return (
    <Flex vertical gap={12} data-testid="app-params">
      <Card size="small" title={t('params.formTitle')}>
        <Form form={form} layout="vertical" onFinish={onFinish} data-testid="app-params-form">
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="cluster" label={t('launch.cluster')} rules={[{ required: true }]}>
                <Select options={clusters.map((c) => ({ value: c, label: c }))} onChange={() => form.setFieldValue('partition', undefined)} data-testid="params-cluster" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="partition" label={t('launch.partition')} rules={[{ required: true }]}>
                <Select options={(partitions.data ?? []).filter((p) => p.cluster_name === cluster).map((p) => ({ value: p.name, label: p.name }))} data-testid="params-partition" />
              </Form.Item>
            </Col>
            {limits.map((k) => (
              <Col xs={12} sm={8} key={k}>
                <Form.Item name={k} label={t(`params.${k}`)}>
                  <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid={`params-${k}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="params-save">
            {t('params.save')}
          </Button>
        </Form>
      </Card>
      <Table<AppParam>
        rowKey="id"
        size="small"
        loading={params.isLoading}
        dataSource={params.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(p) => ({ onClick: () => form.setFieldsValue(p), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'where', title: t('launch.partition'), render: (_, p) => `${p.cluster}/${p.partition}` },
          ...limits.map((k) => ({ key: k, title: t(`params.${k}`), render: (_: unknown, p: AppParam) => p[k] ?? '—' })),
          {
            key: 'actions',
            title: '',
            render: (_, p) => (
              <Popconfirm title={t('params.deleteConfirm', { where: `${p.cluster}/${p.partition}` })} onConfirm={() => remove.mutate(p.id, { onError: (e) => void message.error(e.message) })}>
                <Button size="small" danger onClick={(e) => e.stopPropagation()} data-testid={`params-delete-${p.cluster}-${p.partition}`}>
                  {t('params.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
}
