import { Button, Flex, List, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OauthInteraction } from '@starlight/contract/sso';

interface OauthConsentProps {
  interaction: OauthInteraction;
  userName: string | null;
  pending: 'allow' | 'deny' | null;
  onDecide: (allow: boolean) => void;
  onSwitchAccount: () => void;
}

const knownScopes = ['openid', 'profile', 'email', 'phone', 'offline_access'];

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The consent step: which site asks, for what, and where the browser goes back to. */
export function OauthConsent({ interaction, userName, pending, onDecide, onSwitchAccount }: OauthConsentProps) {
  const { t } = useTranslation('sso');
  const client = interaction.client.name;
  return (
    <div data-testid="oauth-consent">
      <Typography.Paragraph>{t('consent.lead', { client })}</Typography.Paragraph>
      {userName ? (
        <Typography.Paragraph type="secondary">
          {t('consent.signedInAs', { user: userName })}{' '}
          <Typography.Link onClick={onSwitchAccount} data-testid="oauth-switch-account">
            {t('consent.switchAccount')}
          </Typography.Link>
        </Typography.Paragraph>
      ) : null}
      <Typography.Text strong>{t('consent.scopesTitle')}</Typography.Text>
      <List
        size="small"
        dataSource={interaction.scopes}
        data-testid="oauth-scopes"
        renderItem={(scope) => (
          <List.Item>
            <Flex gap={8} align="baseline">
              <CheckCircleOutlined style={{ color: '#52c41a' }} />
              <span>{knownScopes.includes(scope) ? t(`consent.scopes.${scope}`) : scope}</span>
            </Flex>
          </List.Item>
        )}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('consent.redirectsTo', { host: hostOf(interaction.redirect_uri) })}
      </Typography.Paragraph>
      <Flex gap={12} justify="flex-end" wrap>
        <Button onClick={() => onDecide(false)} loading={pending === 'deny'} disabled={pending !== null} data-testid="oauth-deny">
          {t('consent.deny')}
        </Button>
        <Button type="primary" onClick={() => onDecide(true)} loading={pending === 'allow'} disabled={pending !== null} data-testid="oauth-allow">
          {t('consent.allow')}
        </Button>
      </Flex>
    </div>
  );
}
