import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSelf } from '../../features/auth/api/get-self';
import { logout } from '../../features/auth/api/logout';
import { useAuthorizeOauth } from '../../features/sso/api/authorize-oauth';
import { useOauthInteraction } from '../../features/sso/api/get-oauth-interaction';
import { OauthConsent } from '../../features/sso/components/oauth-consent';
import { readOauthRequest } from '../../features/sso/components/oauth-request';
import { SsoRefusal } from '../../features/sso/components/sso-refusal';
import { browser } from '../../lib/browser';
import { env } from '../../lib/env';
import { providerDomain } from '../../lib/provider-domain';
import { useSessionStore } from '../../lib/session-store';
import { AccountFrame } from '../account-frame';
import { AntdProvider } from '../antd-provider';
import { encodeRedirect } from '../guards/navigation-rules';
import { StarlightRedirect } from '../guards/starlight-redirect';

/**
 * Spec §2 /oauth: the consent page of Starlight's OpenID provider (the provider sends the browser
 * here with ?uid=…), and the first-party redirect a site of the provider's domain asks for
 * (?redirect_url=…, refused outside the domain: spec §5, §8).
 */
export default function OauthPage() {
  const { t } = useTranslation('sso');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const request = useMemo(() => readOauthRequest(search, providerDomain()), [search]);
  const self = useSelf();
  const interaction = useOauthInteraction(request.kind === 'consent' ? request.uid : '', request.kind === 'consent' && loggedIn);
  const authorize = useAuthorizeOauth();
  const [pending, setPending] = useState<'allow' | 'deny' | null>(null);
  const toLogin = `/login?redirect=${encodeRedirect(pathname + search)}`;

  useEffect(() => {
    if (request.kind === 'authorize') browser.assign(`${env.apiBase}/oidc/auth?${request.query}`);
    else if (!loggedIn && request.kind === 'consent') void navigate(toLogin, { replace: true });
    else if (!loggedIn && request.kind === 'first-party')
      void navigate(`/login?redirect=/starlight&redirect_url=${encodeURIComponent(request.url)}`, { replace: true });
  }, [request, loggedIn, navigate, toLogin]);

  if (request.kind === 'refused')
    return (
      <AntdProvider>
        <div className="sl-login-page" data-testid="oauth-refused-page" />
        <SsoRefusal host={request.host} onConfirm={() => void navigate('/login', { replace: true })} />
      </AntdProvider>
    );
  if (request.kind === 'first-party' && loggedIn) return <StarlightRedirect url={request.url} />;

  const decide = (allow: boolean) => {
    if (request.kind !== 'consent') return;
    setPending(allow ? 'allow' : 'deny');
    authorize.mutate({ uid: request.uid, allow }, { onSuccess: (next) => browser.assign(next), onError: () => setPending(null) });
  };
  const switchAccount = async () => {
    await logout();
    await navigate(toLogin, { replace: true });
  };

  const title = interaction.data ? t('consent.title', { client: interaction.data.client.name }) : t('consent.heading');
  return (
    <AccountFrame title={title} testId="oauth-page" footer={<Link to="/login">{t('consent.backToLogin')}</Link>}>
      {request.kind === 'missing' ? (
        <Alert type="warning" showIcon title={t('consent.missing')} />
      ) : request.kind !== 'consent' || !loggedIn || interaction.isPending ? (
        <Skeleton active />
      ) : interaction.isError ? (
        <Alert type="error" showIcon title={t('consent.expired')} action={<Button onClick={() => void navigate('/')}>{t('consent.home')}</Button>} data-testid="oauth-expired" />
      ) : (
        <OauthConsent interaction={interaction.data} userName={self.data?.user_name ?? null} pending={pending} onDecide={decide} onSwitchAccount={() => void switchAccount()} />
      )}
    </AccountFrame>
  );
}
