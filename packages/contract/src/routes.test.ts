import { describe, it, expect } from 'vitest';
import type { RouteAccess } from './routes';
import { filterRouteTree, flattenRouteAccess, joinRoutePath, loginPagePaths, publicRoutePaths, routeAccessTree, routeChainAllows } from './routes';

const B = ['binded_account'];

/** Spec §2 "Permission-gated routes", written out by hand: full path → the any-of list per level. */
const gatedBySpec: Record<string, string[][]> = {
  '/app/list': [B],
  '/app/spec/:appname': [B],
  '/app/design/:app': [B],
  '/app/my-list': [B],
  '/app/manage': [B, ['create_app_by_admin']],
  '/app/MyEdit': [B],
  '/app/app-params': [B, ['query_partitions_admin']],
  '/app/app-label': [B, ['manage_label']],
  '/app/app-label-type': [B, ['manage_label']],
  '/job/myjobs': [],
  '/job/groupjobs': [['query_by_group_name']],
  '/job/list': [['query_others_job']],
  '/job/info/:cluster/:jobIndex/monitor': [],
  '/monitor/nodes': [['manage_monitor']],
  '/monitor/metrics': [['manage_monitor'], ['metrics_manage']],
  '/monitor/state/:nodeName': [['manage_monitor']],
  '/storage/udtserver': [B],
  '/guide/user': [['query_book_stack']],
  '/udm/udm': [B, ['create_start_datasource']],
  '/udm/detail2/:id': [B],
  '/swl/run/:app/:uuid': [],
  '/ticket/detail/:id': [],
  '/user-center/user-info': [],
  '/user-center/grpmanboard': [['user_order_create_gadmin']],
  '/user-center/grpman-cpuhours': [['user_order_create_gadmin']],
  '/user-center/communityfee/:communityName': [['community_3rd_admin']],
  '/user-center/user/mail-reset/:email': [],
  '/user-center/community-manage': [['query_all_user']],
  '/user-center/role-manage': [['query_role']],
  '/user-center/operation-manage': [['query_role']],
  '/user-center/message': [B],
  '/user-center/mall-points-manage': [B],
  '/user-center/shop': [['online_goods_admin']],
  '/user-center/login-record': [['query_all_user']],
  // ours (single sign-on admin page, not in the spec's list)
  '/user-center/oauth-clients': [['query_role']],
  '/user-center/outbox': [['query_role']],
  '/image-center/image': [B],
  '/image-center/user-resource': [B, ['dchub-basic-admin']],
  '/image-center/image-label': [B, ['manage_label']],
  '/cluster-partition/cluster-partition-quotas/:cluster': [B, ['kcluster_cluster_user']],
  '/cluster-partition/platform': [B, ['kcluster_clusters_admin']],
  '/cluster-partition/user-cluster-quota': [B, ['query_kcluster_quotas_gadmin']],
  '/cluster-partition/user-storage-quota': [B],
  '/cluster-partition/k-node': [B, ['kcluster_clusters_admin']],
  '/cluster-partition/user-partition-quota': [B, ['query_partitions_user_quotas_ga']],
  '/cluster-partition/available-res': [B],
  '/cluster-partition/fs': [B, ['udt_client_manage']],
  '/cluster-partition/partition-storages': [B, ['query_partitions_admin']],
  '/cluster-partition/monitor-dashboard': [B, ['platform_monitor']],
  '/apply/approval-details/:id': [],
  '/label/label-admin': [['manage_label', 'get_star_documents_admin', 'manage_mei']],
  '/audit/audit-admin': [['query_all_audit']],
  '/approval/approval-node': [['manage_approval']],
  '/approval/staff-approval': [['manage_approval'], ['query_all_user_approval']],
  '/statistics/active-users': [['get_user_statistic_data']],
  '/statistics/resource': [['get_resources_statistic_data']],
  '/statistics/ticket': [],
  '/platform-resource/cloud': [B],
};

describe('flattenRouteAccess (spec §2 Permission-gated routes)', () => {
  const flat = flattenRouteAccess();

  it("gives '/app/manage' the group's binded_account then create_app_by_admin", () => {
    expect(flat.get('/app/manage')).toEqual([['binded_account'], ['create_app_by_admin']]);
  });
  it.each(Object.entries(gatedBySpec))('%s has the permissions of spec §2', (path, chain) => {
    expect(flat.get(path)).toEqual(chain);
  });
  it('gives /label/label-admin all three any-of keys', () => {
    expect(flat.get('/label/label-admin')).toEqual([['manage_label', 'get_star_documents_admin', 'manage_mei']]);
  });
  it('keeps / pages that need only a login open', () => {
    for (const path of ['/dashboard', '/profile/index', '/doconline', '/docoline']) expect(flat.get(path)).toEqual([]);
  });
  it('lists every route once', () => {
    const count = (nodes: readonly RouteAccess[]): number => nodes.reduce((n, r) => n + 1 + count(r.children ?? []), 0);
    expect(flat.size).toBe(count(routeAccessTree));
  });
  it('takes its own tree and parent', () => {
    const tree: RouteAccess[] = [{ path: 'x', perms: ['query_role'], children: [{ path: '/abs' }] }];
    expect([...flattenRouteAccess(tree, '/base')]).toEqual([['/base/x', [['query_role']]], ['/abs', [['query_role']]]]);
  });
});

describe('joinRoutePath', () => {
  it('joins a relative child to its parent', () => expect(joinRoutePath('/app', 'list')).toBe('/app/list'));
  it('does not double a trailing slash', () => expect(joinRoutePath('/', 'dashboard')).toBe('/dashboard'));
  it('keeps an absolute child as it is', () => expect(joinRoutePath('/user-center', '/message')).toBe('/message'));
});

describe('filterRouteTree (spec §2: children are filtered the same way)', () => {
  const paths = (routes: readonly RouteAccess[]) => [...flattenRouteAccess(routes).keys()];

  it('removes a group whose perms are not held, with its children', () => {
    const kept = paths(filterRouteTree(routeAccessTree, ['']));
    expect(kept).not.toContain('/app');
    expect(kept).not.toContain('/app/list');
  });
  it('removes gated children of an open group and keeps the open ones', () => {
    const kept = paths(filterRouteTree(routeAccessTree, ['']));
    expect(kept).toEqual(expect.arrayContaining(['/job/myjobs', '/job/info/:cluster/:jobIndex']));
    expect(kept).not.toContain('/job/groupjobs');
    expect(kept).not.toContain('/job/list');
  });
  it('removes the gated children of a kept group', () => {
    const kept = paths(filterRouteTree(routeAccessTree, ['binded_account']));
    expect(kept).toContain('/app/list');
    expect(kept).not.toContain('/app/manage');
  });
  it('keeps a child once any of its keys is held', () => {
    expect(paths(filterRouteTree(routeAccessTree, ['manage_mei']))).toContain('/label/label-admin');
  });
  it.each([
    ['bound', ['binded_account', 'create_app_by_admin', 'query_role']],
    ['unbound admin', ['kcluster_clusters_admin', 'udt_client_manage', 'query_partitions_admin', 'query_role']],
  ])('keeps exactly the routes routeChainAllows opens, with the groups on their way (%s)', (_, held) => {
    const leaves = [...flattenRouteAccess()].filter(([, chain]) => routeChainAllows(chain, held)).map(([path]) => path);
    const kept = paths(filterRouteTree(routeAccessTree, held));
    for (const path of leaves) expect(kept).toContain(path);
    for (const path of kept) expect(leaves.some((leaf) => leaf === path || leaf.startsWith(`${path}/`))).toBe(true);
  });
  it('keeps the extra fields of any route shape', () => {
    interface NamedRoute { name: string; perms?: string[]; children?: NamedRoute[] }
    const routes: NamedRoute[] = [{ name: 'a', perms: ['x'], children: [{ name: 'b', perms: ['y'] }, { name: 'c' }] }];
    expect(filterRouteTree(routes, ['x'])).toEqual([{ name: 'a', perms: ['x'], children: [{ name: 'c' }] }]);
  });
});

describe('routeChainAllows (spec §2, and an unbound administrator reaches the admin pages)', () => {
  it('needs every level to pass', () => {
    expect(routeChainAllows([['a'], ['b']], ['a', 'b'])).toBe(true);
    expect(routeChainAllows([['a'], ['b']], ['b'])).toBe(false);
    expect(routeChainAllows([['a'], undefined], ['a'])).toBe(true);
    expect(routeChainAllows([undefined, []], [])).toBe(true);
  });
  it("lets a child's own admin key open the way through a binded_account parent", () => {
    expect(routeChainAllows([B, ['kcluster_clusters_admin']], ['kcluster_clusters_admin'])).toBe(true);
  });
  it('keeps the open children of a binded_account parent closed without the binding', () => {
    expect(routeChainAllows([B, undefined], ['kcluster_clusters_admin'])).toBe(false);
    expect(routeChainAllows([B, B], ['kcluster_clusters_admin'])).toBe(false);
  });
  it('does not waive a parent gated by any other key, nor a child key that is not held', () => {
    expect(routeChainAllows([['manage_monitor'], ['metrics_manage']], ['metrics_manage'])).toBe(false);
    expect(routeChainAllows([['manage_monitor', 'binded_account'], ['metrics_manage']], ['metrics_manage'])).toBe(false);
    expect(routeChainAllows([B, ['kcluster_clusters_admin']], ['query_role'])).toBe(false);
  });
});

describe('filterRouteTree for an unbound platform administrator', () => {
  const paths = (routes: readonly RouteAccess[]) => [...flattenRouteAccess(routes).keys()];
  const admin = ['kcluster_clusters_admin', 'udt_client_manage', 'query_partitions_admin', 'platform_monitor', 'kcluster_cluster_user'];
  it('keeps /cluster-partition with its admin children only', () => {
    const kept = paths(filterRouteTree(routeAccessTree, admin));
    expect(kept).toEqual(
      expect.arrayContaining(['/cluster-partition', '/cluster-partition/platform', '/cluster-partition/k-node', '/cluster-partition/fs', '/cluster-partition/partition-storages']),
    );
    expect(kept).not.toContain('/cluster-partition/user-storage-quota');
    expect(kept).not.toContain('/cluster-partition/available-res');
    expect(kept).not.toContain('/storage/files');
  });
  it('filters the children of one group given the perms above it', () => {
    const group = routeAccessTree.find((r) => r.path === '/cluster-partition');
    const children = filterRouteTree(group?.children ?? [], ['kcluster_clusters_admin'], [group?.perms]);
    expect(children.map((c) => c.path)).toEqual(['platform', 'k-node']);
  });
});

describe('publicRoutePaths (spec §2 Routes needing no login)', () => {
  const spec = ['/test', '/recruit', '/workflow', '/login', '/logout', '/oauth', '/vc-login', '/wx-login', '/register',
    '/forgot-password', '/register-success', '/dchub', '/reset-pwd', '/redirect/:path*', '/loading', '/401', '/404',
    '/bind', '/datafile/view'];

  it('holds all 19 and nothing else', () => {
    expect(spec).toHaveLength(19);
    expect([...publicRoutePaths].sort()).toEqual([...spec].sort());
  });
  it('gives none of them a gate in the route tree', () => {
    const flat = flattenRouteAccess();
    for (const path of publicRoutePaths) expect(flat.get(path) ?? []).toEqual([]);
  });
  it('sends logged-in users away from /login, /wx-login and /vc-login', () => {
    expect([...loginPagePaths]).toEqual(['/login', '/wx-login', '/vc-login']);
  });
});
