import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AppDetail } from '@starlight/contract/apps';
import { checkJobOrder } from '@starlight/contract/cwl/job-order';
import type { CwlPort, CwlType } from '@starlight/contract/cwl/inputs';
import { availablePartitionSchema } from '@starlight/contract/hpc';
import { apiSpec } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useLaunchRun } from '../api/apps-api';
import { fieldKind, fieldName, initialValue, nonNull, toJobValue } from '../job-order-form';

/** The file manager's picker, handed in by the page (features never import each other). */
export type PathPicker = (props: { kind: 'File' | 'Directory'; onPick: (path: string) => void }) => ReactNode;

interface ResourceValues {
  cluster?: string;
  partition?: string;
  cpus?: number;
  memory_mb?: number;
  time_limit_minutes?: number;
}

function InputField({ port, picker }: { port: CwlPort; picker: PathPicker }) {
  const { t } = useTranslation('apps');
  const form = Form.useFormInstance();
  const kind = fieldKind(port);
  const type = nonNull(port.type as CwlType);
  const label = (
    <span>
      {port.label ?? port.id} <Typography.Text type="secondary">({port.id})</Typography.Text>
    </span>
  );
  const common = { name: fieldName(port.id), label, tooltip: port.doc, required: !port.optional, extra: port.secondaryFiles ? t('launch.secondaryFiles', { patterns: port.secondaryFiles.join(', ') }) : undefined };
  const pick = (path: string) => {
    const current = (form.getFieldValue(fieldName(port.id)) as string | undefined) ?? '';
    form.setFieldValue(fieldName(port.id), kind.endsWith('[]') && current ? `${current}\n${path}` : path);
  };
  switch (kind) {
    case 'boolean':
      return (
        <Form.Item {...common} valuePropName="checked" required={false}>
          <Switch />
        </Form.Item>
      );
    case 'int':
    case 'float':
      return (
        <Form.Item {...common}>
          <InputNumber style={{ width: '100%' }} precision={kind === 'int' ? 0 : undefined} />
        </Form.Item>
      );
    case 'enum':
      return (
        <Form.Item {...common}>
          <Select allowClear={port.optional} options={(type.kind === 'enum' ? type.symbols : []).map((s) => ({ value: s, label: s }))} />
        </Form.Item>
      );
    case 'File':
    case 'Directory':
    case 'File[]':
    case 'Directory[]':
      return (
        <Form.Item {...common} extra={kind.endsWith('[]') ? t('launch.onePerLine') : common.extra}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name={fieldName(port.id)} noStyle>
              {kind.endsWith('[]') ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('launch.pathPlaceholder')} data-testid={`input-${port.id}`} /> : <Input placeholder={t('launch.pathPlaceholder')} data-testid={`input-${port.id}`} />}
            </Form.Item>
            {picker({ kind: kind.startsWith('File') ? 'File' : 'Directory', onPick: pick })}
          </Space.Compact>
        </Form.Item>
      );
    case 'list':
      return (
        <Form.Item {...common}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
      );
    case 'json':
      return (
        <Form.Item {...common} extra={t('launch.json')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common}>
          <Input data-testid={`input-${port.id}`} />
        </Form.Item>
      );
  }
}

/**
 * The launch form generated from the CWL input types (/app/spec/:appname). The job order is checked with the
 * contract's `checkJobOrder` (the server's own check) before it is sent; a 1400 lands on the field it names.
 */
export function LaunchForm({ app, picker }: { app: AppDetail; picker: PathPicker }) {
  const { t } = useTranslation('apps');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const launch = useLaunchRun(app.name);
  const [refusal, setRefusal] = useState<string | null>(null);
  const partitions = useQuery({
    queryKey: ['kcluster', 'available', 'partitions'],
    queryFn: async ({ signal }) => z.array(availablePartitionSchema).parse(await apiSpec('/kcluster/user/available/partitions', { signal, timeoutHeader: 15 })),
    staleTime: 3_600_000,
  });
  const inputs = app.version.inputs as CwlPort[];
  const cluster = Form.useWatch('cluster', form) as string | undefined;
  const clusters = [...new Set((partitions.data ?? []).map((p) => p.cluster_name))];

  useEffect(() => {
    if (!partitions.data?.length || form.getFieldValue('cluster')) return;
    const first = partitions.data.find((p) => p.is_default) ?? partitions.data[0]!;
    form.setFieldsValue({ cluster: first.cluster_name, partition: first.name });
  }, [partitions.data, form]);

  const onFinish = async () => {
    setRefusal(null);
    const values = form.getFieldsValue(true) as { in?: Record<string, unknown> } & ResourceValues;
    const order: Record<string, unknown> = {};
    const problems: { name: (string | number)[]; errors: string[] }[] = [];
    for (const port of inputs) {
      try {
        const v = toJobValue(port, values.in?.[port.id]);
        if (v !== undefined) order[port.id] = v;
      } catch {
        problems.push({ name: fieldName(port.id), errors: [t('launch.badJson')] });
      }
    }
    for (const issue of checkJobOrder(inputs, order).issues) {
      const id = issue.path.split('.')[1]!;
      problems.push({ name: fieldName(id), errors: [issue.message === 'required' ? t('launch.required') : issue.message] });
    }
    if (problems.length) {
      form.setFields(problems);
      return;
    }
    try {
      const run = await launch.mutateAsync({
        job_order: order,
        version: app.version.version,
        partition: values.partition ?? '',
        ...(values.cluster ? { cluster: values.cluster } : {}),
        ...(values.cpus ? { cpus: values.cpus } : {}),
        ...(values.memory_mb ? { memory_mb: values.memory_mb } : {}),
        ...(values.time_limit_minutes ? { time_limit_minutes: values.time_limit_minutes } : {}),
      });
      void navigate(`/swl/run/${app.name}/${run.uuid}`);
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = (error.spec as { fields?: { path: string; message: string }[] } | null)?.fields ?? [];
      const mapped = fields.flatMap((f) => {
        const parts = f.path.split('.');
        if (parts[1] === 'job_order' && parts[2]) return [{ name: fieldName(parts[2]), errors: [f.message] }];
        if (['cluster', 'partition', 'cpus', 'memory_mb', 'time_limit_minutes'].includes(parts[1] ?? '')) return [{ name: [parts[1]!], errors: [f.message] }];
        return [];
      });
      if (mapped.length) form.setFields(mapped);
      setRefusal(error.info);
    }
  };

  const initial = { in: Object.fromEntries(inputs.map((p) => [p.id, initialValue(p)])), cpus: app.version.resources.cores, memory_mb: app.version.resources.ram_mb };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void onFinish()} data-testid="launch-form">
      {inputs.map((port) => (
        <InputField key={port.id} port={port} picker={picker} />
      ))}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="cluster" label={t('launch.cluster')} rules={[{ required: true, message: t('launch.required') }]}>
            <Select options={clusters.map((c) => ({ value: c, label: c }))} onChange={() => form.setFieldValue('partition', undefined)} data-testid="launch-cluster" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="partition" label={t('launch.partition')} rules={[{ required: true, message: t('launch.required') }]}>
            <Select options={(partitions.data ?? []).filter((p) => p.cluster_name === cluster).map((p) => ({ value: p.name, label: p.name }))} data-testid="launch-partition" />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item name="cpus" label={t('launch.cpus')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item name="memory_mb" label={t('launch.memory')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item name="time_limit_minutes" label={t('launch.time')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="launch-refusal" /> : null}
      {!partitions.isLoading && !partitions.data?.length ? <Alert type="warning" showIcon title={t('launch.noPartition')} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={launch.isPending} data-testid="launch-submit">
        {t('launch.submit')}
      </Button>
    </Form>
  );
}
