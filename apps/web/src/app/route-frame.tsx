import { Suspense, useEffect } from 'react';
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

export function RouteFrame({ handle, page: Page }: { handle: RouteHandle; page: PageComponent }) {
  return (
    <RouteHandleContext.Provider value={handle}>
      <Suspense fallback={<PageFallback />}>
        <Page />
        <ProgressDone />
      </Suspense>
    </RouteHandleContext.Provider>
  );
}
