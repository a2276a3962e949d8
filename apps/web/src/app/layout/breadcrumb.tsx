import { Link, useMatches } from 'react-router';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../route-types';

export interface Crumb {
  path: string;
  title: string;
}

/** The titled routes on the way to the page, the dashboard first (as the home of every trail). */
export function crumbsFor(handles: readonly (RouteHandle | undefined)[]): Crumb[] {
  const crumbs = handles.flatMap((handle) => (handle?.route.meta.title ? [{ path: handle.fullPath, title: handle.route.meta.title }] : []));
  if (crumbs.length > 0 && crumbs[0]?.path !== '/dashboard') crumbs.unshift({ path: '/dashboard', title: 'dashboard' });
  return crumbs;
}

export function AppBreadcrumb() {
  const { t } = useTranslation('routes');
  const matches = useMatches();
  const crumbs = crumbsFor(matches.map((match) => match.handle as RouteHandle | undefined));
  return (
    <Breadcrumb
      data-testid="breadcrumb"
      className="sl-breadcrumb"
      items={crumbs.map((crumb, index) => ({
        key: crumb.path,
        title:
          index === crumbs.length - 1 || crumb.path.includes(':') ? (
            <span>{t(crumb.title)}</span>
          ) : (
            <Link to={crumb.path}>{t(crumb.title)}</Link>
          ),
      }))}
    />
  );
}
