import { hasAnyPermission, topPermission, type PermissionKey } from './permissions';

/**
 * Spec §2: which console routes need no login, and the permission keys of every gated route.
 * The web route table (apps/web/src/app/routes.tsx) takes its `perms` from here, so the
 * spec's map lives in one place; the filter is the same any-of rule on every level.
 */
export const publicRoutePaths = [
  '/test',
  '/recruit',
  '/workflow',
  '/login',
  '/logout',
  '/oauth',
  '/vc-login',
  '/wx-login',
  '/register',
  '/forgot-password',
  '/register-success',
  '/dchub',
  '/reset-pwd',
  '/redirect/:path*',
  '/loading',
  '/401',
  '/404',
  '/bind',
  '/datafile/view',
] as const;

/** Logged-in users opening these are sent to / (spec §2 navigation rules). */
export const loginPagePaths = ['/login', '/wx-login', '/vc-login'] as const;

export interface RouteAccess {
  /** Segment relative to the parent (top level starts with '/'). */
  readonly path: string;
  readonly perms?: readonly PermissionKey[];
  readonly children?: readonly RouteAccess[];
}

const open = (path: string): RouteAccess => ({ path });
const gated = (path: string, ...perms: PermissionKey[]): RouteAccess => ({ path, perms });

export const routeAccessTree: readonly RouteAccess[] = [
  open('/dashboard'),
  { path: '/profile', children: [open('index')] },
  open('/doconline'),
  open('/docoline'),
  {
    path: '/app',
    perms: ['binded_account'],
    children: [
      open('list'),
      open('spec/:appname'),
      open('design'),
      open('design/:app'),
      open('my-list'),
      gated('manage', 'create_app_by_admin'),
      open('MyEdit'),
      gated('app-params', 'query_partitions_admin'),
      gated('app-label', 'manage_label'),
      gated('app-label-type', 'manage_label'),
      // interactive sessions (issue 14): launch + my sessions, and one desktop in the browser
      open('interactive'),
      open('interactive/:id/desktop'),
    ],
  },
  {
    path: '/job',
    children: [
      open('myjobs'),
      gated('groupjobs', 'query_by_group_name'),
      gated('list', 'query_others_job'),
      open('info/:cluster/:jobIndex'),
      open('info/:cluster/:jobIndex/monitor'),
    ],
  },
  {
    path: '/monitor',
    perms: ['manage_monitor'],
    children: [
      open('nodes'),
      open('devices'),
      open('events'),
      gated('metrics', 'metrics_manage'),
      open('state/:nodeName'),
      open('summary'),
    ],
  },
  // `files` (the file manager) is ours: the storage issue's screen, under the spec's /storage group.
  { path: '/storage', perms: ['binded_account'], children: [open('files'), open('udt'), open('udtserver'), open('wrf')] },
  { path: '/guide', children: [gated('user', 'query_book_stack')] },
  {
    path: '/udm',
    perms: ['binded_account'],
    children: [open('uds'), gated('udm', 'create_start_datasource'), open('detail/:id'), open('detail2/:id')],
  },
  { path: '/swl', children: [open('run/:app/:uuid'), open('jobs')] },
  { path: '/ticket', children: [open('create'), open('manage'), open('detail/:id')] },
  {
    path: '/user-center',
    children: [
      open('user-info'),
      gated('grpmanboard', 'user_order_create_gadmin'),
      gated('grpman-cpuhours', 'user_order_create_gadmin'),
      gated('communitymanboard', 'community_3rd_admin'),
      gated('communityfee/:communityName', 'community_3rd_admin'),
      open('bind-account'),
      open('user/query-page'),
      open('reset/password'),
      open('user/phone-reset/:telephone'),
      open('user/mail-reset/:email'),
      open('user-manage'),
      open('user-detail/:username'),
      open('group-manage'),
      open('group-info/:group'),
      gated('community-manage', 'query_all_user'),
      gated('role-manage', 'query_role'),
      gated('operation-manage', 'query_role'),
      gated('message', 'binded_account'),
      open('detailmessage/:id'),
      gated('mall-points-manage', 'binded_account'),
      gated('shop', 'online_goods_admin'),
      gated('login-record', 'query_all_user'),
      // ours (single sign-on, not in the spec's list): third-party sites and external sign-in providers
      gated('oauth-clients', 'query_role'),
      // ours: price tables, allocations, whitelist and blocks (issue 12)
      gated('fee-admin', 'kcluster_clusters_admin'),
      // ours: mail and text messages kept without SMTP / an SMS provider (codes reach people through it)
      gated('outbox', topPermission),
    ],
  },
  {
    path: '/image-center',
    perms: ['binded_account'],
    children: [
      open('image'),
      open('image-manage'),
      gated('user-resource', 'dchub-basic-admin'),
      gated('image-label', 'manage_label'),
    ],
  },
  {
    path: '/cluster-partition',
    perms: ['binded_account'],
    children: [
      gated('cluster-partition-quotas/:cluster', 'kcluster_cluster_user'),
      gated('platform', 'kcluster_clusters_admin'),
      gated('user-cluster-quota', 'query_kcluster_quotas_gadmin'),
      open('user-storage-quota'),
      gated('k-node', 'kcluster_clusters_admin'),
      gated('user-partition-quota', 'query_partitions_user_quotas_ga'),
      open('available-res'),
      gated('fs', 'udt_client_manage'),
      gated('partition-storages', 'query_partitions_admin'),
      gated('monitor-dashboard', 'platform_monitor'),
    ],
  },
  { path: '/apply', children: [open('my-apply'), open('approval-details/:id')] },
  { path: '/label', children: [gated('label-admin', 'manage_label', 'get_star_documents_admin', 'manage_mei')] },
  { path: '/audit', children: [gated('audit-admin', 'query_all_audit')] },
  {
    path: '/approval',
    perms: ['manage_approval'],
    children: [
      open('approval-nodes'),
      open('approval-root'),
      open('create-approval/:id'),
      open('approval-node/:id'),
      open('approval-node'),
      gated('staff-approval', 'query_all_user_approval'),
    ],
  },
  {
    path: '/statistics',
    children: [
      gated('active-users', 'get_user_statistic_data'),
      open('workflow'),
      gated('resource', 'get_resources_statistic_data'),
      open('approval'),
      open('image'),
      open('app'),
      open('ticket'),
    ],
  },
  { path: '/platform-resource', children: [gated('cloud', 'binded_account')] },
];

export function joinRoutePath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Full path → the permission lists on the way to it (each level any-of; all levels must pass). */
export function flattenRouteAccess(
  tree: readonly RouteAccess[] = routeAccessTree,
  parent = '',
  inherited: readonly (readonly PermissionKey[])[] = [],
): Map<string, readonly (readonly PermissionKey[])[]> {
  const out = new Map<string, readonly (readonly PermissionKey[])[]>();
  for (const node of tree) {
    const full = joinRoutePath(parent || '/', node.path);
    const chain = node.perms && node.perms.length > 0 ? [...inherited, node.perms] : inherited;
    out.set(full, chain);
    if (node.children) for (const [p, c] of flattenRouteAccess(node.children, full, chain)) out.set(p, c);
  }
  return out;
}

/** The key a bound system account brings (spec §6); it is never granted by a role. */
export const bindingKey = 'binded_account' satisfies PermissionKey;

const isBindingGate = (perms: readonly string[] | undefined) => perms !== undefined && perms.length > 0 && perms.every((key) => key === bindingKey);
const ownKeysPass = (perms: readonly string[] | undefined, held: readonly string[]) =>
  perms !== undefined && perms.length > 0 && !isBindingGate(perms) && hasAnyPermission(perms, held);

/**
 * Whether a holder of `held` may open a route whose levels (outermost first) carry these any-of
 * lists (spec §2: every level must pass). One exception: a level gated only by binded_account gives
 * way to a deeper level's own admin keys, so an administrator without a bound system account still
 * reaches the admin pages under /cluster-partition (platform, k-node, fs …); the open pages of such a
 * group keep needing the binding.
 */
export function routeChainAllows(chain: readonly (readonly string[] | undefined)[], held: readonly string[]): boolean {
  return chain.every(
    (level, i) => hasAnyPermission(level, held) || (isBindingGate(level) && chain.slice(i + 1).some((deeper) => ownKeysPass(deeper, held))),
  );
}

/**
 * Keeps the routes the holder may open (routeChainAllows), filtering children the same way (spec §2).
 * A group the holder may not open itself stays when a child opens through it (then with only those).
 * `above`: the perms of the levels above `routes`, when filtering the children of one group.
 */
export function filterRouteTree<T extends { perms?: readonly string[]; children?: readonly T[] }>(
  routes: readonly T[],
  held: readonly string[],
  above: readonly (readonly string[] | undefined)[] = [],
): T[] {
  return routes.flatMap((route) => {
    const chain = [...above, route.perms];
    const open = routeChainAllows(chain, held);
    if (!route.children) return open ? [route] : [];
    const children = filterRouteTree(route.children, held, chain);
    return open || children.length > 0 ? [{ ...route, children }] : [];
  });
}
