import type { ComponentType, LazyExoticComponent } from 'react';

/** Keys of the sidebar icon map (app/layout/route-icons.tsx), so the route table stays free of icon code. */
export type RouteIconName =
  | 'dashboard'
  | 'document'
  | 'app'
  | 'job'
  | 'monitor'
  | 'storage'
  | 'guide'
  | 'data'
  | 'workflow'
  | 'ticket'
  | 'user'
  | 'image'
  | 'cluster'
  | 'apply'
  | 'label'
  | 'audit'
  | 'approval'
  | 'statistics'
  | 'cloud'
  | 'link';

export interface RouteMeta {
  /** Key in the `routes` i18n namespace; views without one are titled 'no-name'. */
  title?: string;
  icon?: RouteIconName;
  /** Any-of keys (spec §5); taken from the contract's routeAccessTree, never typed here. */
  perms?: readonly string[];
  /** Not kept alive: remounted on every visit. */
  noCache?: boolean;
  /** Pinned in the tags view; cannot be closed. */
  affix?: boolean;
  /** Left out of the sidebar (detail pages, pages reached from elsewhere). */
  hidden?: boolean;
  /** An external address: the sidebar opens it in a new tab. */
  link?: string;
}

export type PageComponent = LazyExoticComponent<ComponentType>;

export interface AppRoute {
  /** Segment relative to the parent, as in the contract (top level starts with '/'). */
  path: string;
  meta: RouteMeta;
  /** The lazy page; a group without one sends its index to its first visible child. */
  page?: PageComponent;
  children?: AppRoute[];
  /** meta.perms, lifted where the contract's filterRouteTree looks for it. */
  perms?: readonly string[];
}

/** A route of the table with its full path, as handed to the router, breadcrumb and tags view. */
export interface RouteHandle {
  route: AppRoute;
  fullPath: string;
  /** Route name: the keep-alive cache key. */
  name: string;
  /** Needs no login (contract publicRoutePaths). */
  public: boolean;
}
