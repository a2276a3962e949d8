import { Navigate } from 'react-router';
import { joinRoutePath } from '@starlight/contract/routes';
import { filterRouteTree } from '@starlight/contract/routes';
import { usePermissions } from '../lib/permissions';
import type { AppRoute } from './route-types';

/** `/app` and other groups have no page of their own: they open their first visible child. */
export function GroupIndexRedirect({ route, fullPath }: { route: AppRoute; fullPath: string }) {
  const held = usePermissions();
  const first = filterRouteTree(route.children ?? [], held).find((child) => !child.meta.hidden && !child.children);
  return <Navigate to={first ? joinRoutePath(fullPath, first.path) : '/401'} replace state={first ? undefined : { noGoBack: true }} />;
}
