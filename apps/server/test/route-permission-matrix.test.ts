import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionKeys, type PermissionKey } from '@starlight/contract/permissions';
import type { RouteAccessEntry } from '../src/plugins/permissions';
import { demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { adminToken, call, freshName, setKeys, userPassword } from './admin-helpers';

/**
 * Every route the app registers, read from the permissions plugin's table (filled by its onRoute
 * hook), so routes other modules add are covered without listing them here. A probe hook added
 * last answers 299 to a marked request once the permission layer has let it through: the handler
 * never runs, so no route needs valid input and nothing is changed.
 */
const probeHeader = 'x-permission-probe';
const passed = 299;

let t: TestApp;
let routes: readonly RouteAccessEntry[];
/** One user per key, holding exactly that key; and one holding none. */
const holders = new Map<PermissionKey, string>();
let nobody: string;

beforeAll(async () => {
  t = await startTestApp({
    beforeReady: (app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (request.headers[probeHeader]) return reply.code(passed).type('text/plain').send('passed');
      }),
  });
  routes = t.app.routeAccessTable;
  const admin = await adminToken(t);
  nobody = await login(t.app, 'demo-user', demoPassword);
  // binded_account follows the bound account, not roles: demo-bound holds exactly it
  holders.set('binded_account', await login(t.app, 'demo-bound', demoPassword));
  for (const key of permissionKeys) {
    if (key === 'binded_account') continue;
    const userName = freshName('holder');
    const created = await call(t, admin, 'POST', '/user/user', { user_name: userName, password: userPassword });
    expect(created.code).toBe(200);
    await setKeys(t, admin, userName, `only-${key.replace(/_/g, '-')}`.slice(0, 32).replace(/-$/, ''), [key]);
    const token = await login(t.app, userName, userPassword);
    expect((await call<string[]>(t, token, 'GET', '/perm/permission')).spec).toEqual([key]);
    holders.set(key, token);
  }
}, 300_000);
afterAll(() => stopTestApp(t));

/** A concrete URL for a route pattern: every parameter becomes `1`, a wildcard `x`. */
const concrete = (url: string): string => url.replace(/:[A-Za-z_][\w-]*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');

async function probe(route: RouteAccessEntry, token: string | null) {
  const reply = await t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: { [probeHeader]: '1', ...(token ? tokenHeader(token) : {}) },
  });
  if (reply.statusCode === passed) return passed;
  // HEAD replies carry no body: their status mirrors the envelope's code (1300 → 401, 1403 → 403)
  if (route.method === 'HEAD') return ({ 401: 1300, 403: 1403 } as Record<number, number>)[reply.statusCode] ?? reply.statusCode;
  return (reply.json() as { code: number }).code;
}

describe('route-permission matrix', () => {
  it('reads every route of the app, including identity administration', () => {
    expect(routes.length).toBeGreaterThan(100);
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/user/user', 'POST /keystone/short_term_token/change_user'.replace(/^POST /, 'POST /api')]));
  });

  it('public routes answer without a token', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.public)) {
      const code = await probe(route, null);
      if (code !== passed) failures.push(`${route.method} ${route.url} → ${code}`);
    }
    expect(failures).toEqual([]);
  });

  it('routes with perms [] need a token (1300 without) and take any signed-in user', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.perms?.length === 0)) {
      const anonymous = await probe(route, null);
      const signedIn = await probe(route, nobody);
      if (anonymous !== 1300 || signedIn !== passed) failures.push(`${route.method} ${route.url} → ${anonymous}/${signedIn}`);
    }
    expect(failures).toEqual([]);
  });

  it('routes with perms let a holder of any one key through and refuse a holder of none with 1403', async () => {
    const gated = routes.filter((r) => (r.perms?.length ?? 0) > 0);
    expect(gated.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of gated) {
      for (const key of route.perms ?? []) {
        const code = await probe(route, holders.get(key) ?? null);
        if (code !== passed) failures.push(`${route.method} ${route.url} with ${key} → ${code}`);
      }
      const refused = await probe(route, nobody);
      if (refused !== 1403) failures.push(`${route.method} ${route.url} without keys → ${refused}`);
      const anonymous = await probe(route, null);
      if (anonymous !== 1300) failures.push(`${route.method} ${route.url} without token → ${anonymous}`);
    }
    expect(failures).toEqual([]);
  });
});
