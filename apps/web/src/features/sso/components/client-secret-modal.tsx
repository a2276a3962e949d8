import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OauthClientCreated } from '@starlight/contract/sso';

/** The credentials of a site just registered (or given a new secret): the secret is shown this once. */
export function ClientSecretModal({ created, discoveryUrl, onClose }: { created: OauthClientCreated | null; discoveryUrl: string; onClose: () => void }) {
  const { t } = useTranslation('sso');
  return (
    <Modal
      open={created !== null}
      title={t('admin.secret.title')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('admin.secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'client-secret-done' } as Record<string, string>}
    >
      {created ? (
        <>
          {created.client_secret ? <Alert type="warning" showIcon title={t('admin.secret.once')} style={{ marginBottom: 12 }} /> : null}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('admin.secret.clientId')}>
              <Typography.Text copyable code data-testid="created-client-id">
                {created.client_id}
              </Typography.Text>
            </Descriptions.Item>
            {created.client_secret ? (
              <Descriptions.Item label={t('admin.secret.secret')}>
                <Typography.Text copyable code style={{ wordBreak: 'break-all' }} data-testid="created-client-secret">
                  {created.client_secret}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('admin.secret.discovery')}>
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {discoveryUrl}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Modal>
  );
}
