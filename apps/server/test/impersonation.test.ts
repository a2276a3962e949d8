import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { adminToken, auditRows, call, createUser, freshName, setKeys, userPassword } from './admin-helpers';

interface Page<T> {
  list: T[];
  total: number;
}
interface AuditItem {
  action: string;
  result: string;
  user_name: string;
  impersonator_name: string;
  target: string;
  detail: string;
  created_at: string;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => stopTestApp(t));

const switchTo = (token: string, userName: string) => call<string>(t, token, 'POST', '/keystone/short_term_token/change_user', { user_name: userName });

describe('POST /keystone/short_term_token/change_user (spec §4)', () => {
  it('answers code 200 with the new token as spec; the session acts as the user, audited with both names', async () => {
    const switched = await switchTo(admin, 'demo-user');
    expect(switched.code).toBe(200);
    expect(switched.spec).toMatch(/^[\w-]{40,}$/);
    const self = await call<{ user_name: string }>(t, switched.spec, 'GET', '/user/user/self');
    expect(self.spec.user_name).toBe('demo-user');
    expect((await call(t, switched.spec, 'GET', '/user/user')).code).toBe(1403);

    const rows = await auditRows(t);
    expect(rows.find((r) => r.action === 'impersonation_start')).toMatchObject({ userName: 'admin', target: 'user:demo-user', result: 'ok' });
    const requests = rows.filter((r) => r.action === 'impersonated_request');
    expect(requests.map((r) => [r.userName, r.impersonatorName, r.result])).toEqual([
      ['demo-user', 'admin', 'failed'],
      ['demo-user', 'admin', 'ok'],
    ]);
    expect(requests[1]?.detail).toBe('GET /api/user/user/self → 200');
  });

  it('switching back ends the switched session and is audited under the real user', async () => {
    const switched = await switchTo(admin, 'demo-bound');
    expect((await call(t, switched.spec, 'DELETE', '/keystone/short_term_token/change_user')).code).toBe(200);
    expect((await call(t, switched.spec, 'GET', '/user/user/self')).code).toBe(1300);
    expect((await auditRows(t)).find((r) => r.action === 'impersonation_stop')).toMatchObject({ userName: 'admin', target: 'user:demo-bound' });
    expect((await call(t, admin, 'DELETE', '/keystone/short_term_token/change_user')).code).toBe(1409);
    expect((await call(t, admin, 'GET', '/user/user/self')).code).toBe(200);
  });

  it('refuses yourself (1400), nobody (1404), a disabled user (1409) and an empty name (用户名不能为空)', async () => {
    const self = await switchTo(admin, 'admin');
    expect(self.code).toBe(1400);
    expect((await switchTo(admin, 'no-such-user')).code).toBe(1404);
    const name = freshName('off');
    const id = await createUser(t, admin, name);
    await call(t, admin, 'DELETE', `/user/user/${id}`);
    expect((await switchTo(admin, name)).code).toBe(1409);
    const empty = await call<{ fields: { path: string; message: string }[] }>(t, admin, 'POST', '/keystone/short_term_token/change_user', { user_name: ' ' });
    expect(empty.code).toBe(1400);
    expect(empty.spec.fields[0]).toEqual({ path: 'body.user_name', message: '用户名不能为空' });
  });

  it('refuses without change_user, switching to someone more powerful, and switching from a switched session', async () => {
    const auditor = await login(t.app, 'demo-auditor', demoPassword);
    expect((await switchTo(auditor, 'demo-user')).code).toBe(1403);
    const helper = freshName('helpdesk');
    await createUser(t, admin, helper);
    await setKeys(t, admin, helper, 'switchers', ['change_user']);
    const desk = await login(t.app, helper, userPassword);
    expect((await switchTo(desk, 'demo-user')).code).toBe(200);
    expect((await switchTo(desk, 'admin')).code).toBe(1403);
    expect((await switchTo(desk, 'demo-auditor')).code).toBe(1403);
    expect((await auditRows(t)).find((r) => r.action === 'impersonation_start' && r.result === 'failed')).toMatchObject({ userName: helper, target: 'user:demo-auditor' });
    const chained = await switchTo(admin, 'demo-gadmin');
    expect((await switchTo(chained.spec, 'demo-user')).code).toBe(1403);
  });

  it('a switched session dies with its real user being disabled', async () => {
    const helper = freshName('temp');
    const id = await createUser(t, admin, helper);
    await setKeys(t, admin, helper, 'temp-switchers', ['change_user']);
    const desk = await login(t.app, helper, userPassword);
    const switched = await switchTo(desk, 'demo-user');
    expect((await call(t, switched.spec, 'GET', '/user/user/self')).code).toBe(200);
    await call(t, admin, 'DELETE', `/user/user/${id}`);
    expect((await call(t, switched.spec, 'GET', '/user/user/self')).code).toBe(1300);
  });

  it('a switched session ends with the session it came from: logout of that session', async () => {
    const helper = freshName('parent');
    await createUser(t, admin, helper);
    await setKeys(t, admin, helper, 'parent-switchers', ['change_user']);
    const desk = await login(t.app, helper, userPassword);
    const other = await login(t.app, helper, userPassword);
    const switched = await switchTo(desk, 'demo-user');
    expect((await call(t, switched.spec, 'GET', '/user/user/self')).code).toBe(200);
    expect((await call(t, desk, 'POST', '/keystone/logout')).code).toBe(200);
    expect((await call(t, switched.spec, 'GET', '/user/user/self')).code).toBe(1300);
    // the admin's other session is not the parent and lives on
    expect((await call(t, other, 'GET', '/user/user/self')).code).toBe(200);
  });

  it('a password change of the real user ends every switched session they started, even from the session that changed it', async () => {
    const helper = freshName('pwchange');
    await createUser(t, admin, helper);
    await setKeys(t, admin, helper, 'pw-switchers', ['change_user']);
    const desk = await login(t.app, helper, userPassword);
    const elsewhere = await login(t.app, helper, userPassword);
    const fromDesk = await switchTo(desk, 'demo-user');
    const fromElsewhere = await switchTo(elsewhere, 'demo-bound');
    const changed = await call(t, desk, 'PATCH', '/user/user/reset_password_by_login', { old_password: userPassword, password: 'Changed-pass-2' });
    expect(changed.code).toBe(200);
    expect((await call(t, desk, 'GET', '/user/user/self')).code).toBe(200);
    expect((await call(t, fromDesk.spec, 'GET', '/user/user/self')).code).toBe(1300);
    expect((await call(t, fromElsewhere.spec, 'GET', '/user/user/self')).code).toBe(1300);
  });

  it('lets a change_user holder search every user by part of the name (the switch dialog)', async () => {
    const helper = freshName('finder');
    await createUser(t, admin, helper);
    await setKeys(t, admin, helper, 'finders', ['change_user']);
    const desk = await login(t.app, helper, userPassword);
    const found = await call<Page<{ user_name: string }>>(t, desk, 'GET', '/user/user?field_lk_user_name=gadm');
    expect(found.spec.list.map((u) => u.user_name)).toEqual(['demo-gadmin']);
  });
});

describe('GET /audit/events (audit-admin)', () => {
  it('filters by actor, target, action, result and time range, newest first, paged', async () => {
    const auditor = await login(t.app, 'demo-auditor', demoPassword);
    const starts = await call<Page<AuditItem>>(t, auditor, 'GET', '/audit/events?field_eq_action=impersonation_start&field_lk_user_name=admi');
    expect(starts.code).toBe(200);
    expect(starts.spec.list.length).toBeGreaterThanOrEqual(3);
    expect(starts.spec.list.every((e) => e.action === 'impersonation_start' && e.user_name === 'admin')).toBe(true);
    const times = starts.spec.list.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const byImpersonator = await call<Page<AuditItem>>(t, auditor, 'GET', '/audit/events?field_eq_action=impersonated_request&field_lk_user_name=admin');
    expect(byImpersonator.spec.list.every((e) => e.impersonator_name === 'admin' || e.user_name.includes('admin'))).toBe(true);
    expect(byImpersonator.spec.total).toBeGreaterThan(0);

    const target = await call<Page<AuditItem>>(t, auditor, 'GET', '/audit/events?field_lk_target=user:demo-bound');
    expect(target.spec.list.every((e) => e.target.includes('user:demo-bound'))).toBe(true);
    const failed = await call<Page<AuditItem>>(t, auditor, 'GET', '/audit/events?field_eq_result=failed&page_size=1');
    expect(failed.spec.list).toHaveLength(1);
    expect(failed.spec.list[0]?.result).toBe('failed');

    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await call<Page<AuditItem>>(t, auditor, 'GET', `/audit/events?start_time=${encodeURIComponent(future)}`)).spec.total).toBe(0);
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect((await call<Page<AuditItem>>(t, auditor, 'GET', `/audit/events?end_time=${encodeURIComponent(past)}`)).spec.total).toBe(0);
  });

  it('refuses bad input naming the field, and callers without query_all_audit', async () => {
    const bad = await call<{ fields: { path: string }[] }>(t, admin, 'GET', '/audit/events?start_time=yesterday');
    expect(bad.code).toBe(1400);
    expect(bad.spec.fields[0]?.path).toBe('query.start_time');
    const user = await login(t.app, 'demo-user', demoPassword);
    expect((await call(t, user, 'GET', '/audit/events')).code).toBe(1403);
  });
});
