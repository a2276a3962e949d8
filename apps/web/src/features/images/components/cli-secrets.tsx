import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Table, Tag as Chip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CliSecret } from '@starlight/contract/images';
import { formatDate } from '../../../lib/format';
import { useCreateSecret, useRevokeSecret, useSecrets } from '../api/images-api';

/**
 * CLI secrets for docker/podman/skopeo login (never the login password): named, expiring, revocable;
 * a new one is shown once. With `userName` an administrator sees (and revokes) that user's.
 */
export function CliSecrets({ userName }: { userName?: string }) {
  const { t } = useTranslation('images');
  const secrets = useSecrets(userName);
  const create = useCreateSecret();
  const revoke = useRevokeSecret();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; expires_in_days: number }>();
  const created = create.data;
  return (
    <>
      {!userName ? (
        <Button type="primary" onClick={() => setOpen(true)} data-testid="secret-create" style={{ marginBottom: 12 }}>
          {t('secrets.create')}
        </Button>
      ) : null}
      <Table<CliSecret>
        size="small"
        rowKey="id"
        data-testid="cli-secrets"
        loading={secrets.isLoading}
        dataSource={secrets.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('secrets.name'), dataIndex: 'name' },
          { title: t('secrets.expires'), dataIndex: 'expires_at', render: (at: string) => formatDate(at) },
          { title: t('secrets.lastUsed'), dataIndex: 'last_used_at', render: (at: string | null) => (at ? formatDate(at) : '—') },
          {
            title: t('secrets.state'),
            key: 'state',
            render: (_: unknown, row) =>
              row.revoked ? (
                <Chip>{t('secrets.revoked')}</Chip>
              ) : (
                <Popconfirm title={t('secrets.revokeConfirm', { name: row.name })} onConfirm={() => revoke.mutate(row.id)}>
                  <Button size="small" danger>
                    {t('secrets.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal
        open={open}
        title={created ? t('secrets.createdTitle') : t('secrets.create')}
        onCancel={() => {
          setOpen(false);
          create.reset();
          form.resetFields();
        }}
        okText={created ? t('secrets.done') : t('secrets.create')}
        confirmLoading={create.isPending}
        cancelButtonProps={created ? { style: { display: 'none' } } : {}}
        onOk={async () => {
          if (created) {
            setOpen(false);
            create.reset();
            form.resetFields();
            return;
          }
          create.mutate(await form.validateFields());
        }}
      >
        {created ? (
          <>
            <Alert type="warning" showIcon title={t('secrets.onceOnly')} style={{ marginBottom: 12 }} />
            <Typography.Paragraph>
              {t('secrets.user')}: <Typography.Text code>{created.user_name}</Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: created.secret }} data-testid="secret-value">
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {created.secret}
              </Typography.Text>
            </Typography.Paragraph>
          </>
        ) : (
          <Form form={form} layout="vertical" initialValues={{ expires_in_days: 90 }}>
            <Form.Item name="name" label={t('secrets.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
              <Input placeholder={t('secrets.namePlaceholder')} data-testid="secret-name" />
            </Form.Item>
            <Form.Item name="expires_in_days" label={t('secrets.days')} rules={[{ required: true }]}>
              <InputNumber min={1} max={366} style={{ width: '100%' }} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
