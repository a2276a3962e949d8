import { useState } from 'react';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OauthClient, OauthClientCreated, OauthClientInput } from '@starlight/contract/sso';
import { formatDate } from '../../../lib/format';
import { useOauthClients } from '../api/get-oauth-clients';
import { useDeleteOauthClient, useRotateOauthClientSecret, useSaveOauthClient } from '../api/save-oauth-client';
import { ClientSecretModal } from './client-secret-modal';
import { OauthClientForm } from './oauth-client-form';

const pageSize = 20;

/** The registered third-party sites: add, edit, new secret, remove. */
export function OauthClientsPanel({ discoveryUrl }: { discoveryUrl: string }) {
  const { t } = useTranslation('sso');
  const [page, setPage] = useState(1);
  const clients = useOauthClients(page, pageSize);
  const save = useSaveOauthClient();
  const rotate = useRotateOauthClientSecret();
  const remove = useDeleteOauthClient();
  const [editing, setEditing] = useState<OauthClient | null | undefined>(undefined);
  const [created, setCreated] = useState<OauthClientCreated | null>(null);

  const onSave = (input: OauthClientInput) =>
    save.mutate(
      { id: editing?.id, input },
      {
        onSuccess: (result) => {
          setEditing(undefined);
          if (result.client_secret || !editing) setCreated(result);
        },
      },
    );

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="oauth-client-add">
          {t('admin.clients.add')}
        </Button>
      </Flex>
      <Table<OauthClient>
        rowKey="id"
        size="middle"
        scroll={{ x: 1340 }}
        loading={clients.isFetching}
        dataSource={clients.data?.list ?? []}
        locale={{ emptyText: t('admin.clients.empty') }}
        pagination={{ current: page, pageSize, total: clients.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        data-testid="oauth-clients-table"
        columns={[
          { title: t('admin.clients.columns.name'), dataIndex: 'name', width: 160 },
          { title: t('admin.clients.columns.clientId'), dataIndex: 'client_id', width: 220, render: (id: string) => <Typography.Text copyable code>{id}</Typography.Text> },
          {
            title: t('admin.clients.columns.type'),
            dataIndex: 'public',
            width: 130,
            render: (isPublic: boolean) => <Tag color={isPublic ? 'blue' : 'purple'}>{isPublic ? t('admin.clients.public') : t('admin.clients.confidential')}</Tag>,
          },
          {
            title: t('admin.clients.columns.redirectUris'),
            dataIndex: 'redirect_uris',
            width: 280,
            render: (uris: string[]) =>
              uris.map((uri) => (
                <div key={uri} style={{ wordBreak: 'break-all' }}>
                  {uri}
                </div>
              )),
          },
          { title: t('admin.clients.columns.scopes'), dataIndex: 'scopes', width: 200, render: (scopes: string[]) => scopes.map((scope) => <Tag key={scope}>{scope}</Tag>) },
          { title: t('admin.clients.columns.created'), dataIndex: 'created_at', width: 170, render: (at: string) => formatDate(at) },
          {
            title: t('admin.clients.columns.actions'),
            key: 'actions',
            width: 220,
            fixed: 'right',
            render: (_value, client) => (
              <Space size={4} wrap>
                <Button size="small" type="link" onClick={() => setEditing(client)}>
                  {t('admin.clients.edit')}
                </Button>
                {client.public ? null : (
                  <Popconfirm title={t('admin.clients.rotateConfirm', { name: client.name })} onConfirm={() => rotate.mutate(client.id, { onSuccess: setCreated })}>
                    <Button size="small" type="link">
                      {t('admin.clients.rotate')}
                    </Button>
                  </Popconfirm>
                )}
                <Popconfirm title={t('admin.clients.deleteConfirm', { name: client.name })} onConfirm={() => remove.mutate(client.id)}>
                  <Button size="small" type="link" danger>
                    {t('admin.clients.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <OauthClientForm open={editing !== undefined} editing={editing ?? null} saving={save.isPending} onSave={onSave} onCancel={() => setEditing(undefined)} />
      <ClientSecretModal created={created} discoveryUrl={discoveryUrl} onClose={() => setCreated(null)} />
    </>
  );
}
