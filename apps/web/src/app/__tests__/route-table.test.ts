import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { permissionKeys } from '@starlight/contract/permissions';
import { joinRoutePath, publicRoutePaths } from '@starlight/contract/routes';
import { buildSidebar, openKeysFor, type SidebarEntry } from '../layout/sidebar-entries';
import { isLaterRoute, laterPage } from '../later-page';
import { contractRoutePaths } from '../route-access';
import type { AppRoute } from '../route-types';
import { knownThirdRoutes, publicRoutes, shellRoutes, thirdRoutes } from '../routes';

/** The demo users of the server: admin holds every platform key but binded_account. */
const admin = permissionKeys.filter((key) => key !== 'binded_account');
const noKeys: string[] = [];
const bound = ['binded_account'];

const flatten = (routes: readonly AppRoute[], parent = '/'): { path: string; route: AppRoute }[] =>
  routes.flatMap((route) => {
    const path = joinRoutePath(parent, route.path);
    return [{ path, route }, ...(route.children ? flatten(route.children, path) : [])];
  });
const keys = (entries: readonly SidebarEntry[]): string[] => entries.flatMap((e) => [e.key, ...(e.children ? keys(e.children) : [])]);
const top = (entries: readonly SidebarEntry[]) => entries.map((e) => e.key);

describe('route table (spec §2)', () => {
  it('has a route for every path of the contract access tree', () => {
    const table = new Set(flatten(shellRoutes).map((r) => r.path));
    expect(contractRoutePaths().filter((path) => !table.has(path))).toEqual([]);
  });

  it('takes every perms list from the contract, not retyped', () => {
    const byPath = new Map(flatten(shellRoutes).map((r) => [r.path, r.route]));
    expect(byPath.get('/app')?.meta.perms).toEqual(['binded_account']);
    expect(byPath.get('/label/label-admin')?.meta.perms).toEqual(['manage_label', 'get_star_documents_admin', 'manage_mei']);
    expect(byPath.get('/monitor/metrics')?.perms).toEqual(['metrics_manage']);
    expect(byPath.get('/job/myjobs')?.meta.perms).toBeUndefined();
  });

  it('lists every route needing no login outside the shell', () => {
    expect(publicRoutes.map((r) => r.path).sort()).toEqual([...publicRoutePaths].sort());
  });

  it('pins the dashboard', () => {
    expect(shellRoutes.find((r) => r.path === '/dashboard')?.meta.affix).toBe(true);
  });
});

describe('sidebar from the filtered table', () => {
  it('shows the unbound admin monitoring, administration and the admin pages of /cluster-partition', () => {
    const sidebar = keys(buildSidebar(shellRoutes, admin));
    expect(sidebar).toEqual(
      expect.arrayContaining(['/monitor/metrics', '/user-center/role-manage', '/cluster-partition/platform', '/cluster-partition/k-node', '/cluster-partition/fs', '/cluster-partition/partition-storages']),
    );
    // the open pages of a binded_account group still need the binding
    expect(sidebar).not.toContain('/cluster-partition/user-storage-quota');
    expect(sidebar).not.toContain('/cluster-partition/available-res');
    // /udm/udm carries its own key (create_start_datasource) in the spec, so an admin holding it sees that page
    expect(sidebar.filter((k) => /^\/(storage|udm|platform-resource)\b/.test(k))).toEqual(['/udm/udm']);
    // of the image centre only the administration pages (their own keys, no binding needed)
    expect(sidebar.filter((k) => k.startsWith('/image-center/'))).toEqual(['/image-center/user-resource', '/image-center/image-label']);
  });

  it('gives a user with no keys only the open areas that are built', () => {
    const sidebar = buildSidebar(shellRoutes, noKeys);
    // spec §2 gives /docoline, the statistics pages without their own key, /ticket and /apply no key
    expect(top(sidebar)).toEqual(['/dashboard', '/docoline', '/job/myjobs', '/swl/jobs', '/ticket', '/user-center', '/apply/my-apply', '/statistics']);
  });

  it('lets a group with one visible child stand aside for it, with the group icon', () => {
    const job = buildSidebar(shellRoutes, noKeys).find((e) => e.key === '/job/myjobs');
    expect(job).toMatchObject({ title: 'job.myJobs', icon: 'job' });
    expect(job?.children).toBeUndefined();
  });

  it('drops a group whose children are all filtered out', () => {
    expect(top(buildSidebar(shellRoutes, noKeys))).not.toContain('/guide');
  });

  it('gives a bound user the storage area without its pages still to come', () => {
    const storage = buildSidebar(shellRoutes, bound).find((e) => e.key === '/storage');
    expect(keys(storage?.children ?? [])).toEqual(['/storage/files', '/storage/udt', '/storage/udtserver', '/storage/wrf']);
  });

  it('never lists hidden routes (detail pages, profile)', () => {
    const all = keys(buildSidebar(shellRoutes, [...admin, ...bound]));
    expect(all.filter((k) => k.includes(':') || k.startsWith('/profile'))).toEqual([]);
  });

  it('opens the groups on the way to the current page', () => {
    expect(openKeysFor(buildSidebar(shellRoutes, bound), '/storage/udt')).toEqual(['/storage']);
  });
});

describe('areas not built yet (routes answering the later page)', () => {
  const everyKey = [...admin, ...bound];
  const laterPaths = flatten(shellRoutes).filter(({ route }) => isLaterRoute(route)).map(({ path }) => path);

  it('are left out of the sidebar for everyone, even a holder of every key', () => {
    expect(laterPaths).toEqual(expect.arrayContaining(['/platform-resource/cloud']));
    const all = keys(buildSidebar(shellRoutes, everyKey));
    expect(laterPaths.filter((path) => all.includes(path))).toEqual([]);
    expect(top(buildSidebar(shellRoutes, everyKey))).not.toEqual(expect.arrayContaining(['/platform-resource']));
  });

  it('keep their routes in the table (direct navigation answers the later page)', () => {
    const cloud = flatten(shellRoutes).find(({ path }) => path === '/platform-resource/cloud');
    expect(cloud?.route.page).toBe(laterPage);
  });

  it('show up once the route table gives them a real page, with no other edit', () => {
    const realPage = lazy(() => Promise.resolve({ default: () => null }));
    const built = shellRoutes.map((route) =>
      route.path === '/platform-resource' ? { ...route, children: route.children?.map((c) => (c.path === 'cloud' ? { ...c, page: realPage } : c)) } : route,
    );
    expect(keys(buildSidebar(built, everyKey))).toContain('/platform-resource/cloud');
    expect(keys(buildSidebar(shellRoutes, everyKey))).not.toContain('/platform-resource/cloud');
    // the message centre got its page this way
    expect(keys(buildSidebar(shellRoutes, bound))).toContain('/user-center/message');
  });
});

describe('third-party routes', () => {
  it('appends the known names of the saved list and ignores the rest', () => {
    expect(thirdRoutes(['grafana', 'not-a-route'])).toEqual([knownThirdRoutes.grafana]);
  });

  it('shows them in the sidebar as external links', () => {
    const entry = buildSidebar([...shellRoutes, ...thirdRoutes(['grafana'])], noKeys).at(-1);
    expect(entry).toMatchObject({ key: '/third/grafana', link: expect.any(String) });
  });
});
