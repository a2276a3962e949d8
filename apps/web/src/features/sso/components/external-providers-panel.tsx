import { useState } from 'react';
import { Button, Card, Col, Descriptions, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { externalKinds, type ExternalKind, type ExternalProviderInput } from '@starlight/contract/sso';
import { useDeleteExternalProvider, useExternalProviders, useSaveExternalProvider } from '../api/external-providers';
import { ExternalProviderForm } from './external-provider-form';

/** /wx-login and /vc-login: one card per provider kind, configured from its preset. */
export function ExternalProvidersPanel() {
  const { t } = useTranslation('sso');
  const providers = useExternalProviders();
  const save = useSaveExternalProvider();
  const remove = useDeleteExternalProvider();
  const [editing, setEditing] = useState<ExternalKind | null>(null);
  const byKind = (kind: ExternalKind) => providers.data?.find((provider) => provider.kind === kind) ?? null;

  const onSave = (kind: ExternalKind, input: ExternalProviderInput) => save.mutate({ kind, input }, { onSuccess: () => setEditing(null) });

  return (
    <>
      <Row gutter={[16, 16]}>
        {externalKinds.map((kind) => {
          const provider = byKind(kind);
          return (
            <Col key={kind} xs={24} lg={12}>
              <Card
                loading={providers.isPending}
                title={t(`admin.providers.${kind}`)}
                extra={provider ? <Tag color={provider.enabled ? 'green' : 'default'}>{provider.enabled ? t('admin.providers.enabled') : t('admin.providers.disabled')}</Tag> : null}
                actions={[
                  <Button key="configure" type="link" onClick={() => setEditing(kind)} data-testid={`external-configure-${kind}`}>
                    {t('admin.providers.configure')}
                  </Button>,
                  ...(provider
                    ? [
                        <Popconfirm key="remove" title={t('admin.providers.removeConfirm', { name: provider.name })} onConfirm={() => remove.mutate(kind)}>
                          <Button type="link" danger>
                            {t('admin.providers.remove')}
                          </Button>
                        </Popconfirm>,
                      ]
                    : []),
                ]}
              >
                {provider ? (
                  <Descriptions column={1} size="small" layout="vertical">
                    <Descriptions.Item label={t('admin.providerForm.name')}>{provider.name}</Descriptions.Item>
                    <Descriptions.Item label={t('admin.providerForm.clientId')}>{provider.client_id}</Descriptions.Item>
                    <Descriptions.Item label={t('admin.providers.callback')}>
                      <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                        {provider.callback_url}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('admin.providerForm.createUsers')}>
                      <Space>{provider.create_users ? '✓' : '—'}</Space>
                    </Descriptions.Item>
                  </Descriptions>
                ) : (
                  <Typography.Text type="secondary">{t('admin.providers.notConfigured')}</Typography.Text>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <ExternalProviderForm kind={editing} existing={editing ? byKind(editing) : null} saving={save.isPending} onSave={onSave} onCancel={() => setEditing(null)} />
    </>
  );
}
