import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from '../../lib/browser';
import { starlightRedirectDelayMs } from './navigation-rules';

/** The short notice shown before the browser leaves for a site of the provider's domain. */
export function StarlightRedirect({ url }: { url: string }) {
  const { t } = useTranslation('auth');
  useEffect(() => {
    const timer = setTimeout(() => browser.assign(url), starlightRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [url]);
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // keep the raw url
  }
  return (
    <div className="sl-center-page" data-testid="starlight-redirect">
      <span className="sl-spinner" role="progressbar" aria-busy="true" />
      <h2 className="sl-center-title">{t('starlightRedirect.title')}</h2>
      <p className="sl-center-text">{t('starlightRedirect.description', { host })}</p>
      <a href={url}>{t('starlightRedirect.now')}</a>
    </div>
  );
}
