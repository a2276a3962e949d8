import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { progress } from '../lib/progress';

/** A page that failed to load or threw while rendering (often a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  useEffect(() => {
    progress.done();
  }, []);
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className="sl-center-page" role="alert" data-testid="route-error">
      <h2 className="sl-center-title">{t('routeError.title')}</h2>
      <p className="sl-center-text" data-testid="route-error-detail">
        {detail}
      </p>
      <button type="button" className="sl-plain-button" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </div>
  );
}
