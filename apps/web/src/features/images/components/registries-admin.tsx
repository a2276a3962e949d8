import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Registry } from '@starlight/contract/images';
import { PermissionGate } from '../../../components/permission-gate';
import { formatDate } from '../../../lib/format';
import { useDeleteRegistry, useRegistries, useRunGc, useSaveRegistry } from '../api/images-api';

type Values = Pick<Registry, 'name' | 'url' | 'pull_host' | 'auth' | 'gc_interval_hours' | 'gc_config_path'>;

/** The registries the console lists and is token server for; GC on a schedule or now (dchub-basic-admin). */
export function RegistriesAdmin() {
  const { t } = useTranslation('images');
  const registries = useRegistries();
  const save = useSaveRegistry();
  const remove = useDeleteRegistry();
  const gc = useRunGc();
  const [editing, setEditing] = useState<Registry | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const open = (row: Registry | 'new') => {
    setEditing(row);
    form.setFieldsValue(row === 'new' ? { auth: 'console', gc_interval_hours: 0, gc_config_path: '', name: '', url: '', pull_host: '' } : row);
  };
  return (
    <>
      <PermissionGate perms={['dchub-basic-admin']}>
        <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 12 }} data-testid="registry-add">
          {t('registries.add')}
        </Button>
      </PermissionGate>
      <Table<Registry>
        size="small"
        rowKey="id"
        data-testid="registries"
        loading={registries.isLoading}
        dataSource={registries.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('registries.name'), dataIndex: 'name' },
          { title: t('registries.url'), dataIndex: 'url', render: (url: string) => <Typography.Text code>{url}</Typography.Text> },
          { title: t('registries.pullHost'), dataIndex: 'pull_host' },
          { title: t('registries.auth'), dataIndex: 'auth', render: (auth: string) => t(`registries.authModes.${auth}`) },
          { title: t('registries.gc'), key: 'gc', render: (_: unknown, row) => (row.gc_interval_hours ? t('registries.every', { hours: row.gc_interval_hours }) : t('registries.manual')) },
          { title: t('registries.lastGc'), dataIndex: 'last_gc_at', render: (at: string | null) => (at ? formatDate(at) : '—') },
          {
            title: t('tags.actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <PermissionGate perms={['dchub-basic-admin']}>
                <Space wrap>
                  <Button size="small" onClick={() => open(row)}>
                    {t('registries.edit')}
                  </Button>
                  <Button size="small" loading={gc.isPending && gc.variables === row.id} onClick={() => gc.mutate(row.id)}>
                    {t('registries.runGc')}
                  </Button>
                  <Popconfirm title={t('registries.removeConfirm', { name: row.name })} onConfirm={() => remove.mutate(row.id)}>
                    <Button size="small" danger>
                      {t('registries.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              </PermissionGate>
            ),
          },
        ]}
      />
      {gc.data ? <Typography.Paragraph type="secondary" style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>{gc.data.ran ? t('registries.gcDone', { count: gc.data.quotas.length }) : gc.data.output}</Typography.Paragraph> : null}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('registries.add') : t('registries.edit')}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        onOk={async () => {
          const values = await form.validateFields();
          save.mutate({ ...(editing && editing !== 'new' ? { id: editing.id } : {}), values }, { onSuccess: () => setEditing(null) });
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('registries.name')} extra={t('registries.nameHelp')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="url" label={t('registries.url')} rules={[{ required: true, type: 'url' }]}>
            <Input placeholder="http://127.0.0.1:5001" />
          </Form.Item>
          <Form.Item name="pull_host" label={t('registries.pullHost')} rules={[{ required: true }]}>
            <Input placeholder="registry.example.com" />
          </Form.Item>
          <Form.Item name="auth" label={t('registries.auth')}>
            <Select options={(['console', 'none'] as const).map((value) => ({ value, label: t(`registries.authModes.${value}`) }))} />
          </Form.Item>
          <Form.Item name="gc_interval_hours" label={t('registries.gcHours')}>
            <InputNumber min={0} max={8760} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="gc_config_path" label={t('registries.gcConfig')}>
            <Input placeholder="/etc/docker/registry/config.yml" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
