import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { issueCloudToken } from '../../features/auth/api/cloud';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSessionStore } from '../../lib/session-store';
import { useProductName } from '../../lib/product-name';
import { providerDomain, safeRedirectPath, starlightRedirectTarget } from '../../lib/provider-domain';
import { StarlightRedirect } from '../guards/starlight-redirect';
import { LanguageLinks } from '../layout/language-links';
import './login.css';

/** Spec §6, §9: status bit 64 marks a cloud-bound account. */
const cloudBoundBit = 64;

/** Where to go after login: the redirect query when it is a page of ours, else /. */
export function afterLoginPath(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect === '/starlight') return '/';
  return safeRedirectPath(redirect) ?? '/';
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const productName = useProductName();
  const { search } = useLocation();
  const navigate = useNavigate();
  const starlightTarget = starlightRedirectTarget(search, providerDomain());
  const [leavingFor, setLeavingFor] = useState<string | null>(null);

  const onSuccess = async () => {
    const { loadSession } = await import('../session/load-session');
    await loadSession();
    // A cloud-bound account (status bit 64) also gets the cloud side's cookie; failures are not the login's.
    const user = useSessionStore.getState().user;
    // (bit tested inline: the contract's permissions module would bring zod into this page's first load)
    if (user && (user.status & cloudBoundBit) === cloudBoundBit) await issueCloudToken().catch(() => undefined);
    if (starlightTarget) setLeavingFor(starlightTarget);
    else await navigate(afterLoginPath(search), { replace: true });
  };

  if (leavingFor) return <StarlightRedirect url={leavingFor} />;

  // Plain markup around the form: Card and Typography would add tabs, tooltips and menus to this page's load.
  return (
    <div className="sl-login-page" data-testid="login-page">
      <LanguageLinks className="sl-login-language" />
      <main className="sl-login-column">
        <div className="sl-login-brand">
          <StarFilled className="sl-login-logo" />
          <h1 className="sl-login-product">{productName}</h1>
        </div>
        <p className="sl-login-tagline">{t('tagline')}</p>
        <section className="sl-login-card" aria-labelledby="sl-login-title">
          <h2 id="sl-login-title" className="sl-login-title">
            {t('title')}
          </h2>
          <LoginForm crossDomain={starlightTarget !== undefined} onSuccess={onSuccess} />
          <div className="sl-login-links">
            <Link to="/forgot-password">{t('links.forgotPassword')}</Link>
            <Link to="/register">{t('links.register')}</Link>
          </div>
        </section>
      </main>
    </div>
  );
}
