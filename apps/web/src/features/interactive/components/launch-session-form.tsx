import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppField, InteractiveAppId, LaunchSessionInput } from '@starlight/contract/interactive';
import { isApiError } from '../../../lib/api-error';
import { interactiveAppsQueryOptions, useLaunchSession } from '../api/sessions';

/** A partition the caller may use (the page hands over the ones from the jobs feature). */
export interface PartitionChoice {
  cluster: string;
  name: string;
  isDefault: boolean;
}

interface Values {
  app: InteractiveAppId;
  target?: string;
  cpus: number;
  memory_gb?: number;
  hours: number;
  /** The app's own fields, by name (its definition declares them). */
  fields?: Record<string, string>;
}

/** A text field refuses control characters on the server too; the form says so before sending. */
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f-\u009f]/;

/** One field's control; Form.Item hands it `value` and `onChange`, passed on to the input. */
function FieldInput({ field, value, onChange }: { field: AppField; value?: string; onChange?: (value: string) => void }) {
  if (field.kind === 'select') return <Select data-testid={`launch-${field.name}`} value={value} onChange={onChange} options={field.options.map((o) => ({ value: o, label: o }))} />;
  return <Input data-testid={`launch-${field.name}`} value={value} onChange={(e) => onChange?.(e.target.value)} maxLength={field.max_length} allowClear />;
}

const targetOf = (p: PartitionChoice) => `${p.cluster}/${p.name}`;

/**
 * The launch form: app, cluster/partition, cores, memory, hours and the app's own fields (built from the app's
 * definition). `initialApp`: the app chosen in the application center's catalogue.
 */
export function LaunchSessionForm({ partitions, onLaunched, initialApp }: { partitions: PartitionChoice[]; onLaunched?: () => void; initialApp?: InteractiveAppId }) {
  const { t } = useTranslation('interactive');
  const [form] = Form.useForm<Values>();
  const apps = useQuery(interactiveAppsQueryOptions());
  const launch = useLaunchSession();
  const [refusal, setRefusal] = useState<string | null>(null);
  const appId = Form.useWatch('app', form);
  const app = apps.data?.find((a) => a.id === appId);

  useEffect(() => {
    if (form.getFieldValue('target') || partitions.length === 0) return;
    form.setFieldValue('target', targetOf(partitions.find((p) => p.isDefault) ?? partitions[0]!));
  }, [partitions, form]);

  const onFinish = async (values: Values) => {
    setRefusal(null);
    const [cluster, partition] = (values.target ?? '').split('/');
    const input: LaunchSessionInput = {
      app: values.app,
      cluster,
      partition: partition ?? '',
      cpus: values.cpus,
      hours: values.hours,
      ...(values.memory_gb ? { memory_mb: Math.round(values.memory_gb * 1024) } : {}),
      fields: Object.fromEntries((app?.fields ?? []).map((f) => [f.name, values.fields?.[f.name] ?? f.default])),
    };
    try {
      await launch.mutateAsync(input);
      onLaunched?.();
    } catch (error) {
      setRefusal(isApiError(error) ? error.info : String(error));
    }
  };

  return (
    <Card title={t('launch.title')} data-testid="launch-session">
      <Form form={form} layout="vertical" initialValues={{ app: initialApp ?? 'jupyter', cpus: 1, hours: 1 }} onFinish={onFinish}>
        <Form.Item name="app" label={t('launch.app')} rules={[{ required: true }]}>
          <Select
            data-testid="launch-app"
            options={(apps.data ?? []).map((a) => ({
              value: a.id,
              label: (
                <Space>
                  {t(`apps.${a.id}`, { defaultValue: a.title })}
                  {a.installed ? null : <Tag color="warning">{t('launch.notInstalled', { packages: a.packages.join(' ') })}</Tag>}
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="target" label={t('launch.partition')} rules={[{ required: true, message: t('launch.partitionRequired') }]}>
          <Select data-testid="launch-partition" options={partitions.map((p) => ({ value: targetOf(p), label: targetOf(p) }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="cpus" label={t('launch.cpus')} rules={[{ required: true }]}>
            <InputNumber min={1} max={256} precision={0} data-testid="launch-cpus" />
          </Form.Item>
          <Form.Item name="memory_gb" label={t('launch.memory')} tooltip={t('launch.memoryHint')}>
            <InputNumber min={0.125} max={4096} step={1} data-testid="launch-memory" />
          </Form.Item>
          <Form.Item name="hours" label={t('launch.hours')} rules={[{ required: true }]}>
            <InputNumber min={0.25} max={168} step={0.5} data-testid="launch-hours" />
          </Form.Item>
        </Space>
        {app?.fields.map((field) => (
          <Form.Item
            key={`${app.id}-${field.name}`}
            name={['fields', field.name]}
            // the definition's default when the app is chosen (a value typed for it stays while it remains chosen)
            initialValue={field.default}
            label={t(`fields.${field.name}`, { defaultValue: field.label })}
            tooltip={field.help ? t(`help.${field.name}`, { defaultValue: field.help }) : undefined}
            rules={field.kind === 'text' ? [{ validator: async (_, value?: string) => (value && controlChars.test(value) ? Promise.reject(new Error(t('launch.controlChars'))) : undefined) }] : []}
          >
            <FieldInput field={field} />
          </Form.Item>
        ))}
        {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="launch-refusal" /> : null}
        <Button type="primary" htmlType="submit" loading={launch.isPending} data-testid="launch-submit">
          {t('launch.submit')}
        </Button>
      </Form>
    </Card>
  );
}
