import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashToken } from '../src/lib/secrets';
import { createPgBus, type ClusterBus } from '../src/lib/cluster-bus';
import { openTestDatabase, type TestDatabase } from './database';
import { adminPassword, api, body, demoPassword, login, startTestApp, tokenHeader, type TestApp } from './helpers';
import { call } from './hpc-helpers';

/*
 * Each instance keeps token → session rows (modules/identity/session-cache.ts). A change made through one
 * instance must hold on the other's very next request — no wait, no retry: logout, password change, an
 * admin disabling the user, a role's keys edited. PostgreSQL only (PGlite is one process).
 */
const pgUrl = process.env.STARLIGHT_TEST_PG;
if (pgUrl === undefined && process.env.CI === 'true') throw new Error('the two-instance session cache suite needs STARLIGHT_TEST_PG in CI');
if (!pgUrl) console.warn('[session-cache-instances] skipped: STARLIGHT_TEST_PG is not set (two instances need PostgreSQL)');

describe.skipIf(!pgUrl)('the session cache on two instances', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const buses: ClusterBus[] = [];
  let admin: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    for (let i = 0; i < 2; i++) buses.push(await createPgBus({ url: database.url ?? '', retryMs: 150 }));
    a = await startTestApp({ database, bus: buses[0], env: { STARLIGHT_LOG_LEVEL: 'warn' } });
    b = await startTestApp({ database, bus: buses[1], env: { STARLIGHT_LOG_LEVEL: 'warn' } });
    admin = await login(a.app, 'admin', adminPassword);
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    for (const bus of buses) await bus.close();
    await database.close();
  });

  const self = async (app: TestApp['app'], token: string) => body<{ user_name: string }>(await app.inject({ url: api('/user/user/self'), headers: tokenHeader(token) }));
  const keys = async (app: TestApp['app'], token: string) => (await call<string[]>(app, 'GET', '/perm/permission', token)).spec;
  /** B has the token's row in its cache: it answered it (twice, the second from the cache). */
  const warmOnB = async (token: string) => {
    for (let i = 0; i < 2; i++) expect((await self(b.app, token)).code).toBe(200);
  };

  it('refuses on B a token logged out on A', async () => {
    const token = await login(a.app, 'demo-user', demoPassword);
    await warmOnB(token);
    expect((await call(a.app, 'POST', '/keystone/logout', token)).code).toBe(200);
    expect(await self(b.app, token)).toMatchObject({ code: 1300, info: 'token expired or revoked, please log in again' });
  });

  it('refuses on B, on its very next request, a session revoked by any writer of the database (here: plain SQL)', async () => {
    for (let round = 0; round < 20; round++) {
      const token = await login(a.app, 'demo-user', demoPassword);
      await warmOnB(token);
      await database.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(token)}`);
      expect((await self(b.app, token)).code).toBe(1300);
    }
  });

  it("refuses on B the user's other tokens once the password is changed on A", async () => {
    const other = await login(b.app, 'demo-gadmin', demoPassword);
    const mine = await login(a.app, 'demo-gadmin', demoPassword);
    await warmOnB(other);
    await warmOnB(mine);
    const changed = await a.app.inject({ method: 'PATCH', url: api('/user/user/reset_password_by_login'), headers: tokenHeader(mine), payload: { old_password: demoPassword, password: 'Changed-pass-4' } });
    expect(body(changed).code).toBe(200);
    expect((await self(b.app, other)).code).toBe(1300);
    expect((await self(b.app, mine)).code).toBe(200);
  });

  it('refuses on B the tokens of a user an admin disabled on A', async () => {
    const token = await login(b.app, 'demo-auditor', demoPassword);
    await warmOnB(token);
    const found = await call<{ list: { id: number; user_name: string }[] }>(a.app, 'GET', '/user/user?field_lk_user_name=demo-auditor', admin);
    const id = found.spec.list.find((u) => u.user_name === 'demo-auditor')?.id;
    expect((await call(a.app, 'DELETE', `/user/user/${id}`, admin)).code).toBe(200);
    expect((await self(b.app, token)).code).toBe(1300);
  });

  it("changes the keys on B at once when a role's keys are edited on A", async () => {
    const created = await call<{ id: number }>(a.app, 'POST', '/perm/roles', admin, { name: 'cache-twin', keys: ['query_all_audit'] });
    expect(created.code).toBe(200);
    expect((await call(a.app, 'POST', '/user/user_role', admin, { user_name: 'demo-bound', roles: ['cache-twin'] })).code).toBe(200);
    const token = await login(b.app, 'demo-bound', demoPassword);
    expect(await keys(b.app, token)).toContain('query_all_audit');
    await warmOnB(token);
    expect((await call(a.app, 'PATCH', `/perm/roles/${created.spec.id}`, admin, { keys: ['query_role'] })).code).toBe(200);
    const after = await keys(b.app, token);
    expect(after).toContain('query_role');
    expect(after).not.toContain('query_all_audit');
  });
});
