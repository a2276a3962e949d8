import { filterRouteTree, joinRoutePath } from '@starlight/contract/routes';
import { isLaterRoute } from '../later-page';
import type { AppRoute, RouteIconName } from '../route-types';

export interface SidebarEntry {
  /** Full path (the menu key). */
  key: string;
  title: string | undefined;
  icon: RouteIconName | undefined;
  /** External address, opened in a new tab. */
  link: string | undefined;
  children?: SidebarEntry[];
}

/**
 * The sidebar of a user holding `held` (spec §2): routes whose perms pass, children filtered the same
 * way (an unbound administrator's admin keys open them under a binded_account group), hidden routes
 * and pages of areas not built yet (the later page; their routes still answer) left out. A group with
 * no visible child is dropped; a group with exactly one stands aside for that child (with the group's
 * icon when the child has none).
 */
export function buildSidebar(
  routes: readonly AppRoute[],
  held: readonly string[],
  parent = '/',
  above: readonly (readonly string[] | undefined)[] = [],
): SidebarEntry[] {
  return filterRouteTree(routes, held, above)
    .filter((route) => !route.meta.hidden && !isLaterRoute(route))
    .flatMap((route): SidebarEntry[] => {
      const key = joinRoutePath(parent, route.path);
      const own = { key, title: route.meta.title, icon: route.meta.icon, link: route.meta.link };
      if (!route.children) return route.page || route.meta.link ? [own] : [];
      const children = buildSidebar(route.children, held, key, [...above, route.perms]);
      const [only] = children;
      if (children.length === 0) return [];
      if (children.length === 1 && only) return [{ ...only, icon: only.icon ?? route.meta.icon }];
      return [{ ...own, children }];
    });
}

/** Keys of the groups on the way to `pathname`, to open them in the menu. */
export function openKeysFor(entries: readonly SidebarEntry[], pathname: string): string[] {
  for (const entry of entries) {
    if (!entry.children) continue;
    if (pathname === entry.key || pathname.startsWith(`${entry.key}/`)) return [entry.key, ...openKeysFor(entry.children, pathname)];
  }
  return [];
}
