import { Navigate } from 'react-router';
import { filterRouteTree, joinRoutePath } from '@starlight/contract/routes';
import { usePermissions } from '../lib/permissions';
import { wouldBindingOpen } from './guards/navigation-rules';
import type { AppRoute } from './route-types';

/**
 * `/app` and other groups have no page of their own: they open their first visible child the
 * holder may open (the shell guard leaves group indexes to this, so an unbound administrator's
 * /cluster-partition opens its first admin page).
 */
export function GroupIndexRedirect({ route, fullPath }: { route: AppRoute; fullPath: string }) {
  const held = usePermissions();
  const first = filterRouteTree(route.children ?? [], held, [route.perms]).find((child) => !child.meta.hidden && !child.children);
  if (first) return <Navigate to={joinRoutePath(fullPath, first.path)} replace />;
  return <Navigate to="/401" replace state={{ noGoBack: true, needsBinding: wouldBindingOpen([route.perms], held) }} />;
}
