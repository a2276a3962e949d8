import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExternalKind } from '@starlight/contract/sso';
import { ExternalLogin } from '../../features/sso/components/external-login';
import { useExternalProvider } from '../../features/sso/api/external-login';
import { AccountFrame } from '../account-frame';

/** /wx-login (WeChat scan sign-in) and /vc-login (the configured OpenID Connect provider). */
export function ExternalLoginPage({ kind }: { kind: ExternalKind }) {
  const { t } = useTranslation('sso');
  const { search } = useLocation();
  const navigate = useNavigate();
  const provider = useExternalProvider(kind);
  const onSignedIn = useCallback(async () => {
    const { loadSession } = await import('../session/load-session');
    await loadSession();
    await navigate('/', { replace: true });
  }, [navigate]);
  const title = kind === 'wechat' ? t('external.wechatTitle') : t('external.oidcTitle', { name: provider.data?.name || t('external.oidcFallback') });
  return (
    <AccountFrame title={title} testId={`${kind}-login-page`} footer={<Link to="/login">{t('external.passwordLogin')}</Link>}>
      <ExternalLogin kind={kind} search={search} onSignedIn={onSignedIn} />
    </AccountFrame>
  );
}
