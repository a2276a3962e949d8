import { describe, expect, it } from 'vitest';
import { permissionKeys } from '@starlight/contract/permissions';
import { joinRoutePath, publicRoutePaths } from '@starlight/contract/routes';
import { buildSidebar, openKeysFor, type SidebarEntry } from '../layout/sidebar-entries';
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
  it('shows the admin the monitoring and approval areas but nothing gated by binded_account', () => {
    const sidebar = buildSidebar(shellRoutes, admin);
    expect(keys(sidebar)).toEqual(expect.arrayContaining(['/monitor/metrics', '/approval/staff-approval', '/user-center/role-manage']));
    expect(top(sidebar)).not.toContain('/app');
    expect(keys(sidebar).filter((k) => /^\/(app|storage|udm|image-center|cluster-partition|platform-resource)\b/.test(k))).toEqual([]);
  });

  it('gives a user with no keys only the open areas', () => {
    const sidebar = buildSidebar(shellRoutes, noKeys);
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

  it('gives a bound user the application centre without its admin pages', () => {
    const app = buildSidebar(shellRoutes, bound).find((e) => e.key === '/app');
    expect(keys(app?.children ?? [])).toEqual(['/app/list', '/app/design', '/app/my-list']);
  });

  it('never lists hidden routes (detail pages, profile)', () => {
    const all = keys(buildSidebar(shellRoutes, [...admin, ...bound]));
    expect(all.filter((k) => k.includes(':') || k.startsWith('/profile'))).toEqual([]);
  });

  it('opens the groups on the way to the current page', () => {
    expect(openKeysFor(buildSidebar(shellRoutes, bound), '/app/my-list')).toEqual(['/app']);
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
