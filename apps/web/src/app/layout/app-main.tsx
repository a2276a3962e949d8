import { Activity, Fragment, useRef, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import type { RouteHandle } from '../route-types';
import { useVisitedViews } from './tags-view/visited-views-store';

/** The deepest matched route that renders a page. */
export function leafHandle(handles: readonly (RouteHandle | undefined)[]): RouteHandle | undefined {
  return [...handles].reverse().find((handle) => handle?.route.page);
}

/**
 * Keep-alive (spec §2): the rendered pages of visited views stay mounted but hidden (React Activity:
 * state kept, effects paused), keyed by route name, unless meta.noCache. Closing a tag drops its
 * page; refresh bumps the key and so remounts it.
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const leaf = leafHandle(useMatches().map((match) => match.handle as RouteHandle | undefined));
  const cachedViews = useVisitedViews((state) => state.cachedViews);
  const refreshKeys = useVisitedViews((state) => state.refreshKeys);
  const pages = useRef(new Map<string, ReactNode>());

  const name = leaf?.name;
  const keepAlive = leaf !== undefined && !leaf.route.meta.noCache;
  if (keepAlive && name) pages.current.set(name, outlet);
  for (const key of [...pages.current.keys()]) {
    if (key !== name && !cachedViews.includes(key)) pages.current.delete(key);
  }

  return (
    <main className="sl-app-main" data-testid="app-main">
      {[...pages.current].map(([key, page]) => (
        <Activity key={`${key}#${refreshKeys[key] ?? 0}`} mode={key === name ? 'visible' : 'hidden'}>
          <div className="sl-view" data-view={key}>
            {page}
          </div>
        </Activity>
      ))}
      {keepAlive ? null : (
        <Fragment key={`${pathname}#${refreshKeys[name ?? ''] ?? 0}`}>
          <div className="sl-view">{outlet}</div>
        </Fragment>
      )}
    </main>
  );
}
