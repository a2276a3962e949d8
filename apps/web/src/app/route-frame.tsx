import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { progress } from '../lib/progress';
import { RouteHandleContext } from './route-context';
import type { PageComponent, RouteHandle } from './route-types';

/** Ends the progress bar; inside the page's Suspense boundary, so it runs only once the lazy page rendered. */
function ProgressDone() {
  const { key } = useLocation();
  useEffect(() => {
    progress.done();
  }, [key]);
  return null;
}

/** A CSS spinner: antd's Spin would put itself on the login page's first load. */
export function PageFallback() {
  return (
    <div className="sl-page-fallback">
      <span className="sl-spinner" role="progressbar" aria-busy="true" />
    </div>
  );
}

const QueryScope = lazy(() => import('./query-scope').then((module) => ({ default: module.QueryScope })));

/**
 * Whether a route's page gets the query client: the shell provides it to the pages inside it, and
 * every page outside it gets it here, but for the password login page, whose first load stays small
 * (scripts/report-size.mjs). A page cannot forget it: any page may read through TanStack Query.
 */
export const needsQueryScope = (handle: RouteHandle, insideShell: boolean): boolean => !insideShell && handle.fullPath !== '/login';

export function RouteFrame({ handle, page: Page, scoped = false }: { handle: RouteHandle; page: PageComponent; scoped?: boolean }) {
  return (
    <RouteHandleContext.Provider value={handle}>
      <Suspense fallback={<PageFallback />}>
        {scoped ? (
          <QueryScope>
            <Page />
          </QueryScope>
        ) : (
          <Page />
        )}
        <ProgressDone />
      </Suspense>
    </RouteHandleContext.Provider>
  );
}
