import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { joinRoutePath, loginPagePaths } from '@starlight/contract/routes';
import { progress } from '../lib/progress';
import { GroupIndexRedirect } from './group-index-redirect';
import { LoginPageGuard } from './guards/login-page-guard';
import { ShellGuard } from './guards/shell-guard';
import { RootRoute } from './root-route';
import { isPublicPath } from './route-access';
import { RouteError } from './route-error';
import { needsQueryScope, PageFallback, RouteFrame } from './route-frame';
import type { AppRoute, RouteHandle } from './route-types';
import { knownThirdRoutes, publicRoutes, shellRoutes } from './routes';

const ShellLayout = lazy(() => import('./layout/shell-layout').then((module) => ({ default: module.ShellLayout })));

const loginPages: ReadonlySet<string> = new Set(loginPagePaths);

/** '/redirect/:path*' (the contract's spelling) is a splat for the router. */
const routerPath = (fullPath: string) => fullPath.replace(/\/:[^/]+\*$/, '/*');

function toRouteObject(route: AppRoute, parent: string, insideShell: boolean): RouteObject {
  const fullPath = joinRoutePath(parent, route.path);
  const handle: RouteHandle = { route, fullPath, name: fullPath, public: isPublicPath(fullPath) };
  let element = route.page ? <RouteFrame handle={handle} page={route.page} scoped={needsQueryScope(handle, insideShell)} /> : undefined;
  if (element && loginPages.has(fullPath)) element = <LoginPageGuard>{element}</LoginPageGuard>;
  const children = route.children?.map((child) => toRouteObject(child, fullPath, insideShell));
  return {
    id: fullPath,
    path: routerPath(fullPath),
    handle,
    element,
    ...(children
      ? { children: route.page ? children : [{ index: true, element: <GroupIndexRedirect route={route} fullPath={fullPath} /> }, ...children] }
      : {}),
  };
}

/** The router's tree, all of it derived from the route table. */
export function buildRouteObjects(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteError />,
      children: [
        ...publicRoutes.map((route) => toRouteObject(route, '/', false)),
        {
          id: 'shell',
          element: (
            <ShellGuard>
              <Suspense fallback={<PageFallback />}>
                <ShellLayout />
              </Suspense>
            </ShellGuard>
          ),
          children: [
            { path: '/', element: <Navigate to="/dashboard" replace /> },
            ...shellRoutes.map((route) => toRouteObject(route, '/', true)),
            ...Object.values(knownThirdRoutes).map((route) => toRouteObject(route, '/', true)),
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/** The progress bar starts as soon as the location (or a pending navigation) changes. */
export function trackNavigationProgress(router: ReturnType<typeof createBrowserRouter>): () => void {
  let lastKey = router.state.location.key;
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key !== lastKey) {
      lastKey = state.location.key;
      progress.start();
    }
  });
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRouteObjects());
  trackNavigationProgress(router);
  return router;
}
