import { useEffect } from 'react';
import { Button, Checkbox, Divider, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clusterKinds, slurmOpenapiVersions, type Cluster } from '@starlight/contract/hpc';
import { useSaveCluster } from '../api/save-cluster';
import { driversOf, emptyClusterValues, toCreateInput, toPatchInput, valuesFromCluster, type ClusterFormValues } from '../cluster-form-values';

interface ClusterFormProps {
  /** Absent: a new cluster. */
  cluster?: Cluster;
  onSaved: () => void;
}

/** Registers or edits a cluster: its driver and connection settings. Secrets show as "set", never their value. */
export function ClusterForm({ cluster, onSaved }: ClusterFormProps) {
  const { t } = useTranslation('clusters');
  const [form] = Form.useForm<ClusterFormValues>();
  const save = useSaveCluster();
  const kind = Form.useWatch('kind', form) ?? 'hpc';
  const driver = Form.useWatch('driver', form) ?? 'slurm';
  const sshEnabled = Form.useWatch('ssh_enabled', form) ?? false;
  const editing = cluster !== undefined;
  const secretSet = (set: boolean | undefined) => (editing && set ? t('form.secretSet') : undefined);

  useEffect(() => {
    form.setFieldsValue(cluster ? valuesFromCluster(cluster) : emptyClusterValues);
  }, [cluster, form]);

  const onFinish = async (values: ClusterFormValues) => {
    const result = editing ? toPatchInput(values) : toCreateInput(values);
    if (!result.ok) {
      form.setFields(result.errors.map((e) => ({ name: e.field, errors: [e.message] })));
      return;
    }
    try {
      await (editing ? save.mutateAsync({ id: cluster.id, patch: result.input as never }) : save.mutateAsync({ create: result.input as never }));
      onSaved();
    } catch {
      // the api client has shown the server's reason
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} initialValues={emptyClusterValues} data-testid="cluster-form" requiredMark={false}>
      <Form.Item name="name" label={t('form.name')} rules={[{ required: true, message: t('form.required') }]} extra={t('form.nameHelp')}>
        <Input disabled={editing} data-testid="cluster-name" autoComplete="off" />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="kind" label={t('form.kind')} style={{ minWidth: 140, flex: 1 }}>
          <Select
            disabled={editing}
            data-testid="cluster-kind"
            options={clusterKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            onChange={(k: Cluster['kind']) => form.setFieldValue('driver', driversOf(k)[0])}
          />
        </Form.Item>
        <Form.Item name="driver" label={t('form.driver')} style={{ minWidth: 140, flex: 1 }}>
          <Select disabled={editing} data-testid="cluster-driver" options={driversOf(kind).map((d) => ({ value: d, label: t(`drivers.${d}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
          <Switch data-testid="cluster-enabled" />
        </Form.Item>
      </Flex>

      {driver === 'k8s' ? <Typography.Paragraph type="secondary">{t('form.k8sNote')}</Typography.Paragraph> : null}

      {driver === 'local' ? (
        <Flex gap={12} wrap>
          <Form.Item name="cpu_slots" label={t('form.cpuSlots')} style={{ flex: 1, minWidth: 160 }}>
            <InputNumber min={1} max={4096} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="max_time_limit_minutes" label={t('form.maxTime')} style={{ flex: 1, minWidth: 160 }}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      ) : null}

      {driver === 'slurm' ? (
        <>
          <Divider titlePlacement="start" plain>
            {t('form.slurm')}
          </Divider>
          <Form.Item name="rest_url" label={t('form.restUrl')} rules={[{ required: true, message: t('form.required') }]}>
            <Input placeholder="http://slurm-head:6820" data-testid="cluster-rest-url" autoComplete="off" />
          </Form.Item>
          <Flex gap={12} wrap>
            <Form.Item name="openapi_version" label={t('form.openapiVersion')} style={{ flex: 1, minWidth: 140 }}>
              <Select allowClear placeholder={t('form.auto')} options={slurmOpenapiVersions.map((v) => ({ value: v, label: v }))} />
            </Form.Item>
            <Form.Item name="admin_account" label={t('form.adminAccount')} style={{ flex: 1, minWidth: 140 }}>
              <Input placeholder="root" autoComplete="off" />
            </Form.Item>
            <Form.Item name="default_account" label={t('form.defaultAccount')} style={{ flex: 1, minWidth: 140 }}>
              <Input autoComplete="off" />
            </Form.Item>
          </Flex>
          <Form.Item
            name="jwt_key_file"
            label={t('form.jwtKeyFile')}
            extra={editing && cluster.settings.jwt_key_configured ? t('form.secretKeep') : t('form.secretHelp')}
            rules={editing && cluster.settings.jwt_key_configured ? [] : [{ required: true, message: t('form.required') }]}
          >
            <Input placeholder={secretSet(cluster?.settings.jwt_key_configured) ?? '/etc/slurm/jwt_hs256.key'} data-testid="cluster-jwt-key" autoComplete="off" />
          </Form.Item>

          <Divider titlePlacement="start" plain>
            {t('form.ssh')}
          </Divider>
          <Form.Item name="ssh_enabled" valuePropName="checked" extra={t('form.sshHelp')}>
            <Checkbox data-testid="cluster-ssh-enabled">{t('form.sshEnabled')}</Checkbox>
          </Form.Item>
          {sshEnabled ? (
            <>
              <Flex gap={12} wrap>
                <Form.Item name="ssh_host" label={t('form.sshHost')} rules={[{ required: true, message: t('form.required') }]} style={{ flex: 3, minWidth: 180 }}>
                  <Input data-testid="cluster-ssh-host" autoComplete="off" />
                </Form.Item>
                <Form.Item name="ssh_port" label={t('form.sshPort')} style={{ flex: 1, minWidth: 90 }}>
                  <InputNumber min={1} max={65535} style={{ width: '100%' }} data-testid="cluster-ssh-port" />
                </Form.Item>
              </Flex>
              <Form.Item name="ssh_host_key_sha256" label={t('form.hostKey')} extra={t('form.hostKeyHelp')} rules={[{ required: true, message: t('form.required') }]}>
                <Input placeholder="SHA256:…" data-testid="cluster-ssh-hostkey" autoComplete="off" />
              </Form.Item>
              <Form.Item name="ssh_key_file" label={t('form.sshKeyFile')} extra={editing && cluster.settings.ssh?.key_configured ? t('form.secretKeep') : t('form.secretHelp')}>
                <Input placeholder={secretSet(cluster?.settings.ssh?.key_configured) ?? '/etc/starlight/service_ed25519'} data-testid="cluster-ssh-key" autoComplete="off" />
              </Form.Item>
              <Form.Item name="ssh_shell_key_file" label={t('form.shellKeyFile')} extra={t('form.shellKeyHelp')}>
                <Input placeholder={secretSet(cluster?.settings.ssh?.shell_key_configured) ?? t('form.optional')} data-testid="cluster-shell-key" autoComplete="off" />
              </Form.Item>
              {editing && cluster.settings.ssh?.shell_key_configured ? (
                <Form.Item name="ssh_shell_key_remove" valuePropName="checked">
                  <Checkbox>{t('form.shellKeyRemove')}</Checkbox>
                </Form.Item>
              ) : null}
            </>
          ) : null}
        </>
      ) : null}

      <Button type="primary" htmlType="submit" loading={save.isPending} block data-testid="cluster-save">
        {editing ? t('form.save') : t('form.create')}
      </Button>
    </Form>
  );
}
