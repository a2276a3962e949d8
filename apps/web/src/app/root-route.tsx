import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from './route-types';

/** Page title: the translated route title plus the product's name (spec §2). */
export function pageTitle(title: string | undefined, translate: (key: string) => string, productName: string): string {
  return title ? `${translate(title)} - ${productName}` : productName;
}

export function RootRoute() {
  const matches = useMatches();
  const { t, i18n } = useTranslation('routes');
  const title = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.route.meta.title).find(Boolean);
  useEffect(() => {
    document.title = pageTitle(title, (key) => t(key), t('common:product'));
  }, [title, t, i18n.language]);
  return <Outlet />;
}
