import { useEffect } from 'react';
import { Button, Flex, Form, Input, InputNumber, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { partitionWebSshInputSchema, webSshLimits, type PartitionWebSsh } from '@starlight/contract/cluster-access';
import type { Partition } from '@starlight/contract/hpc';
import { useSaveWebSsh } from '../api/webssh-settings';

interface Values {
  enabled: boolean;
  host?: string;
  port?: number | null;
  host_key_sha256?: string;
  idle_minutes: number;
  max_hours: number;
}

/** One partition's web shell: on or off, its login node (default: the cluster's), idle and maximum durations. */
export function WebSshForm({ partition, setting, onSaved }: { partition: Partition; setting: PartitionWebSsh | undefined; onSaved: () => void }) {
  const { t } = useTranslation('clusters');
  const [form] = Form.useForm<Values>();
  const save = useSaveWebSsh();
  const host = Form.useWatch('host', form);
  useEffect(() => {
    form.setFieldsValue({
      enabled: setting?.enabled ?? true,
      host: setting?.host ?? undefined,
      port: setting?.port ?? null,
      host_key_sha256: setting?.host_key_sha256 ?? undefined,
      idle_minutes: Math.round((setting?.idle_timeout_seconds ?? webSshLimits.defaultIdleSeconds) / 60),
      max_hours: Math.round(((setting?.max_duration_seconds ?? webSshLimits.defaultDurationSeconds) / 3600) * 10) / 10,
    });
  }, [setting, form]);

  const onFinish = async (v: Values) => {
    const trimmed = v.host?.trim() || null;
    const parsed = partitionWebSshInputSchema.safeParse({
      partition_id: partition.id,
      enabled: v.enabled,
      host: trimmed,
      port: trimmed ? (v.port ?? 22) : null,
      host_key_sha256: trimmed ? v.host_key_sha256?.trim() || null : null,
      idle_timeout_seconds: Math.round(v.idle_minutes * 60),
      max_duration_seconds: Math.round(v.max_hours * 3600),
    });
    if (!parsed.success) {
      const field = (p: PropertyKey | undefined) => ({ idle_timeout_seconds: 'idle_minutes', max_duration_seconds: 'max_hours' })[String(p)] ?? String(p);
      form.setFields(parsed.error.issues.map((i) => ({ name: field(i.path[0]) as keyof Values, errors: [i.message] })));
      return;
    }
    try {
      await save.mutateAsync({ set: parsed.data });
      onSaved();
    } catch {
      // shown by the api client
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="webssh-form">
      <Form.Item name="enabled" label={t('webssh.enabled')} valuePropName="checked">
        <Switch data-testid="webssh-enabled" />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="host" label={t('webssh.host')} extra={t('webssh.hostHelp')} style={{ flex: 3, minWidth: 180 }}>
          <Input allowClear autoComplete="off" data-testid="webssh-host" />
        </Form.Item>
        <Form.Item name="port" label={t('webssh.port')} style={{ flex: 1, minWidth: 90 }}>
          <InputNumber min={1} max={65535} disabled={!host} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      {host ? (
        <Form.Item name="host_key_sha256" label={t('form.hostKey')} extra={t('form.hostKeyHelp')}>
          <Input placeholder="SHA256:…" autoComplete="off" data-testid="webssh-hostkey" />
        </Form.Item>
      ) : null}
      <Flex gap={12} wrap>
        <Form.Item name="idle_minutes" label={t('webssh.idleMinutes')} style={{ flex: 1, minWidth: 140 }}>
          <InputNumber min={1} max={1440} style={{ width: '100%' }} data-testid="webssh-idle" />
        </Form.Item>
        <Form.Item name="max_hours" label={t('webssh.maxHours')} style={{ flex: 1, minWidth: 140 }}>
          <InputNumber min={0.1} max={168} step={0.5} style={{ width: '100%' }} data-testid="webssh-max" />
        </Form.Item>
      </Flex>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ flex: 1 }} data-testid="webssh-save">
          {t('form.save')}
        </Button>
        {setting ? (
          <Popconfirm title={t('webssh.confirmRemove')} onConfirm={() => save.mutateAsync({ remove: partition.id }).then(onSaved, () => undefined)}>
            <Button danger data-testid="webssh-remove">
              {t('webssh.remove')}
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
    </Form>
  );
}
