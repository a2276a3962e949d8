import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { filterRouteTree, joinRoutePath } from '@starlight/contract/routes';
import { usePermissions } from '../../lib/permissions';
import { shellRoutes } from '../routes';
import type { AppRoute, RouteHandle } from '../route-types';
import { leafHandle } from './app-main';
import { useVisitedViews } from './tags-view/visited-views-store';

function affixedViews(routes: readonly AppRoute[], parent = '/'): { path: string; route: AppRoute }[] {
  return routes.flatMap((route) => {
    const path = joinRoutePath(parent, route.path);
    const own = route.meta.affix && route.page ? [{ path, route }] : [];
    return [...own, ...(route.children ? affixedViews(route.children, path) : [])];
  });
}

/** Affixed views first (spec §2), then every page the user opens becomes a tag. */
export function useTrackVisitedView(): void {
  const held = usePermissions();
  const location = useLocation();
  const leaf = leafHandle(useMatches().map((match) => match.handle as RouteHandle | undefined));
  const addView = useVisitedViews((state) => state.addView);

  useEffect(() => {
    for (const { path, route } of affixedViews(filterRouteTree(shellRoutes, held))) {
      addView({ path, fullPath: path, name: path, title: route.meta.title, affix: true, noCache: route.meta.noCache });
    }
  }, [held, addView]);

  useEffect(() => {
    if (!leaf) return;
    addView({
      path: location.pathname,
      fullPath: location.pathname + location.search,
      name: leaf.name,
      title: leaf.route.meta.title,
      affix: leaf.route.meta.affix,
      noCache: leaf.route.meta.noCache,
    });
  }, [leaf, location.pathname, location.search, addView]);
}
