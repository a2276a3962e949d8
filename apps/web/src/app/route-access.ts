import { joinRoutePath, publicRoutePaths, routeAccessTree, type RouteAccess } from '@starlight/contract/routes';
import type { AppRoute } from './route-types';

/** Full path → the keys the contract puts on that very level (spec §2's permission map). */
function ownPermsByPath(tree: readonly RouteAccess[], parent = '/', out = new Map<string, readonly string[]>()) {
  for (const node of tree) {
    const full = joinRoutePath(parent, node.path);
    if (node.perms && node.perms.length > 0) out.set(full, node.perms);
    if (node.children) ownPermsByPath(node.children, full, out);
  }
  return out;
}

const contractPerms = ownPermsByPath(routeAccessTree);

/** Copies each route's keys from the contract into meta.perms (and `perms`, where filterRouteTree reads). */
export function attachAccess(routes: readonly AppRoute[], parent = '/'): AppRoute[] {
  return routes.map((route) => {
    const full = joinRoutePath(parent, route.path);
    const perms = contractPerms.get(full);
    const children = route.children ? attachAccess(route.children, full) : undefined;
    return {
      ...route,
      meta: perms ? { ...route.meta, perms } : route.meta,
      ...(perms ? { perms } : {}),
      ...(children ? { children } : {}),
    };
  });
}

const publicPaths: ReadonlySet<string> = new Set(publicRoutePaths);

export function isPublicPath(fullPath: string): boolean {
  return publicPaths.has(fullPath);
}

/** Every full path of the contract's tree, for the test that keeps the table complete. */
export function contractRoutePaths(tree: readonly RouteAccess[] = routeAccessTree, parent = '/'): string[] {
  return tree.flatMap((node) => {
    const full = joinRoutePath(parent, node.path);
    return [full, ...(node.children ? contractRoutePaths(node.children, full) : [])];
  });
}
