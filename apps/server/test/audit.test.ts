import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema/audit';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { captchaEnv, codeFromOutbox, freshIp, post, registerByEmail, strongPassword } from './verification-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: captchaEnv });
});
afterAll(() => stopTestApp(t));

const events = () => t.database.db.select().from(auditEvents).orderBy(desc(auditEvents.id));
const loginRecords = (token: string, query = '') =>
  t.app.inject({ url: api(`/user/access/login${query}`), headers: tokenHeader(token) }).then((r) => body<{ list: Record<string, unknown>[]; total: number }>(r));

describe('audit of security-relevant actions', () => {
  it('records a failed and a successful login with IP, agent and result, readable by the user', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: api('/keystone/short_term_token/name'),
      payload: { name: 'demo-user', password: 'Wrong-pass-1' },
      remoteAddress: '10.1.2.3',
      headers: { 'user-agent': 'audit-test/1.0' },
    });
    expect(body(refused).code).toBe(555);
    const token = await login(t.app, 'demo-user', demoPassword);
    const records = await loginRecords(token);
    expect(records.code).toBe(200);
    expect(records.spec.list.slice(0, 2)).toMatchObject([
      { user_name: 'demo-user', result: 'ok' },
      { user_name: 'demo-user', result: 'failed', ip: '10.1.2.3', user_agent: 'audit-test/1.0' },
    ]);
  });

  it('shows another user’s records only to a holder of query_all_user', async () => {
    const user = await login(t.app, 'demo-bound', demoPassword);
    expect((await loginRecords(user, '?field_eq_user_name=demo-user')).code).toBe(1403);
    const admin = await login(t.app, 'admin', adminPassword);
    const seen = await loginRecords(admin, '?field_eq_user_name=demo-user');
    expect(seen.code).toBe(200);
    expect(seen.spec.list.every((record) => record.user_name === 'demo-user')).toBe(true);
  });

  it('records logout, registration, password change and password reset', async () => {
    const token = await login(t.app, 'demo-gadmin', demoPassword);
    await t.app.inject({ method: 'POST', url: api('/keystone/logout'), headers: tokenHeader(token) });
    expect((await events())[0]).toMatchObject({ action: 'logout', result: 'ok', userName: 'demo-gadmin' });

    expect((await registerByEmail(t.app, 'audited@example.com', 'audited-user')).code).toBe(200);
    expect((await events())[0]).toMatchObject({ action: 'register', result: 'ok', userName: 'audited-user', detail: 'by email' });

    const mine = await login(t.app, 'audited-user', strongPassword);
    const change = (old_password: string) =>
      t.app.inject({ method: 'PATCH', url: api('/user/user/reset_password_by_login'), headers: tokenHeader(mine), payload: { old_password, password: 'Changed-pass-9' } });
    await change('Not-the-pass-1');
    expect((await events())[0]).toMatchObject({ action: 'password_change', result: 'failed', userName: 'audited-user' });
    await change(strongPassword);
    expect((await events())[0]).toMatchObject({ action: 'password_change', result: 'ok' });

    const ip = freshIp();
    await post(t.app, '/user/user_verify/email_reset_code', { email: 'audited@example.com' }, ip);
    const code = await codeFromOutbox(t.app, 'audited@example.com', { after: 1 });
    await post(t.app, '/user/user/reset_password_by_email', { email: 'audited@example.com', verification_code: code, password: 'Reset-pass-77' }, ip, 'PATCH');
    expect((await events()).find((e) => e.action === 'password_reset')).toMatchObject({ result: 'ok', userName: 'audited-user', ip, detail: 'by email' });
  });
});
