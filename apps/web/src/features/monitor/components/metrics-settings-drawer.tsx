import { useEffect } from 'react';
import { Button, Drawer, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { metricsSettingsInputSchema, type MetricsSettings, type MetricsSettingsInput } from '@starlight/contract/monitor';
import { toFieldErrors } from '@starlight/contract/envelope';
import { feedback } from '../../../lib/feedback';
import { useMetricsSettings } from '../api/get-metrics-settings';
import { useSaveMetricsSettings } from '../api/save-metrics-settings';

interface FormValues {
  driver: 'prometheus' | 'none';
  url?: string;
  node_label?: string;
  node_template?: string;
  /** One `node=value` per line. */
  node_map?: string;
}

const toForm = (s: MetricsSettings): FormValues => ({
  driver: s.driver,
  url: s.url ?? undefined,
  node_label: s.node_label,
  node_template: s.node_template,
  node_map: Object.entries(s.node_map)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n'),
});

function toInput(values: FormValues): unknown {
  const map = Object.fromEntries(
    (values.node_map ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=') < 0 ? line.length : line.indexOf('=')).trim(), line.slice(line.indexOf('=') + 1).trim()]),
  );
  if (values.driver === 'none') return { driver: 'none' };
  return { driver: 'prometheus', url: values.url?.trim() || undefined, node_label: values.node_label?.trim() || undefined, node_template: values.node_template?.trim() || undefined, node_map: map };
}

/** Where each cluster's node metrics come from (metrics_manage): a Prometheus URL and how node names map to its series. */
export function MetricsSettingsDrawer({ open, cluster, onClose }: { open: boolean; cluster: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const settings = useMetricsSettings(open);
  const save = useSaveMetricsSettings();
  const [form] = Form.useForm<FormValues>();
  const current = settings.data?.find((s) => s.cluster === cluster);
  const driver = Form.useWatch('driver', form);

  useEffect(() => {
    if (current) form.setFieldsValue(toForm(current));
  }, [current, form]);

  async function submit(values: FormValues) {
    if (!cluster) return;
    const parsed = metricsSettingsInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      form.setFields(toFieldErrors(parsed.error.issues).map((f) => ({ name: f.path.split('.')[0] as keyof FormValues, errors: [f.message] })));
      return;
    }
    try {
      await save.mutateAsync({ cluster, input: parsed.data as MetricsSettingsInput });
    } catch {
      return; // the api client has told the user why
    }
    onClose();
    void feedback().message.success(t('settings.saved'));
  }

  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title', { cluster: cluster ?? '' })} size={420} destroyOnHidden data-testid="metrics-settings">
      {current ? (
        <Typography.Paragraph type="secondary">{t(`settings.source.${current.source}`)}</Typography.Paragraph>
      ) : null}
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ driver: 'prometheus' }}>
        <Form.Item name="driver" label={t('settings.driver')}>
          <Radio.Group optionType="button" options={[{ value: 'prometheus', label: 'Prometheus' }, { value: 'none', label: t('settings.none') }]} />
        </Form.Item>
        {driver !== 'none' ? (
          <>
            <Form.Item name="url" label={t('settings.url')} rules={[{ required: true, message: t('settings.urlRequired') }]}>
              <Input placeholder="http://prometheus:9090" data-testid="metrics-url" />
            </Form.Item>
            <Form.Item name="node_label" label={t('settings.nodeLabel')} extra={t('settings.nodeLabelHelp')}>
              <Select options={['instance', 'node', 'nodename', 'hostname'].map((v) => ({ value: v, label: v }))} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
            <Form.Item name="node_template" label={t('settings.nodeTemplate')} extra={t('settings.nodeTemplateHelp')}>
              <Input placeholder="{node}:9100" />
            </Form.Item>
            <Form.Item name="node_map" label={t('settings.nodeMap')} extra={t('settings.nodeMapHelp')}>
              <Input.TextArea rows={3} placeholder="cn01=10.0.0.11:9100" />
            </Form.Item>
          </>
        ) : null}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="metrics-settings-save">
            {t('settings.save')}
          </Button>
          {current?.source === 'cluster' ? (
            <Button onClick={() => cluster && void save.mutateAsync({ cluster, input: null }).then(onClose, () => undefined)} data-testid="metrics-settings-reset">
              {t('settings.reset')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </Drawer>
  );
}
