import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verificationCodes } from '../src/db/schema/verification';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp, randomTokenShape } from './helpers';
import { captchaEnv, codeFromOutbox, freshIp, outboxCount, post, registerByEmail, strongPassword } from './verification-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: captchaEnv });
});
afterAll(() => stopTestApp(t));

const self = (token: string) => t.app.inject({ url: api('/user/user/self'), headers: tokenHeader(token) });
const patchWithToken = (path: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: api(path), headers: tokenHeader(token), payload }).then((r) => ({ status: r.statusCode, ...body(r) }));

describe('reset codes (enumeration-safe)', () => {
  it('answers a registered and an unknown e-mail the same way, and sends only to the registered one', async () => {
    const known = await post(t.app, '/user/user_verify/email_reset_code', { email: 'demo-user@example.com' }, freshIp());
    const unknown = await post(t.app, '/user/user_verify/email_reset_code', { email: 'nobody@example.com' }, freshIp());
    const strip = ({ uuid: _u, ...rest }: Record<string, unknown>) => rest;
    expect(strip(known)).toEqual(strip(unknown));
    expect(known).toMatchObject({ code: 200, info: 'If the account exists, a verification code has been sent' });
    expect(await codeFromOutbox(t.app, 'demo-user@example.com')).toMatch(/^\d{6}$/);
    expect(await outboxCount(t.app, 'nobody@example.com')).toBe(0);
  });

  it('answers a registered and an unknown phone the same way', async () => {
    const known = await post(t.app, '/user/user_verify/telephone_reset_code', { telephone: '13800000001' }, freshIp());
    const unknown = await post(t.app, '/user/user_verify/telephone_reset_code', { telephone: '13900000009' }, freshIp());
    expect(known.code).toBe(200);
    expect(unknown.code).toBe(200);
    expect(known.spec).toEqual(unknown.spec);
  });

  it('rate-limits an unknown address exactly as a known one', async () => {
    const ip = freshIp();
    expect((await post(t.app, '/user/user_verify/email_reset_code', { email: 'ghost@example.com' }, ip)).code).toBe(200);
    expect((await post(t.app, '/user/user_verify/email_reset_code', { email: 'ghost@example.com' }, ip)).code).toBe(1429);
  });

  it('a guessed code for an unknown address answers like a wrong code', async () => {
    const reply = await post(t.app, '/user/user/reset_password_by_email', { email: 'ghost@example.com', verification_code: '123456', password: strongPassword }, freshIp(), 'PATCH');
    expect(reply).toMatchObject({ code: 1400, info: 'The verification code is incorrect or has expired' });
  });
});

describe('PATCH /user/user/reset_password_by_email and _by_telephone', () => {
  it('sets the new password by e-mail code and revokes every token of the user', async () => {
    expect((await registerByEmail(t.app, 'reset-me@example.com', 'reset-me')).code).toBe(200);
    const oldToken = await login(t.app, 'reset-me', strongPassword);
    // a register code was just sent to this address: the one-a-minute rule is per purpose, so a reset code may follow
    expect((await post(t.app, '/user/user_verify/email_reset_code', { email: 'reset-me@example.com' }, freshIp())).code).toBe(200);
    const code = await codeFromOutbox(t.app, 'reset-me@example.com', { after: 1 });
    const reply = await post(t.app, '/user/user/reset_password_by_email', { email: 'reset-me@example.com', verification_code: code, password: 'Brand-new-2' }, freshIp(), 'PATCH');
    expect(reply.code).toBe(200);
    expect(body(await self(oldToken)).code).toBe(1300);
    expect(await login(t.app, 'reset-me', 'Brand-new-2')).toMatch(randomTokenShape);
    await expect(login(t.app, 'reset-me', strongPassword)).rejects.toThrow(/555/);
  });

  it('sets the new password by phone code, once', async () => {
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(verificationCodes.address, '13800000001'));
    const before = await outboxCount(t.app, '13800000001');
    expect((await post(t.app, '/user/user_verify/telephone_reset_code', { telephone: '13800000001' }, freshIp())).code).toBe(200);
    const code = await codeFromOutbox(t.app, '13800000001', { after: before });
    const payload = { telephone: '13800000001', verification_code: code, password: 'Phone-reset-3' };
    expect((await post(t.app, '/user/user/reset_password_by_telephone', payload, freshIp(), 'PATCH')).code).toBe(200);
    expect((await post(t.app, '/user/user/reset_password_by_telephone', payload, freshIp(), 'PATCH')).code).toBe(1400);
    expect(await login(t.app, 'demo-user', 'Phone-reset-3')).toMatch(randomTokenShape);
  });

  it('refuses a weak new password', async () => {
    const reply = await post(t.app, '/user/user/reset_password_by_email', { email: 'demo-user@example.com', verification_code: '123456', password: 'short' }, freshIp(), 'PATCH');
    expect(reply.code).toBe(1400);
  });
});

describe('PATCH /user/user/reset_password_by_login and GET password_check', () => {
  it('needs a login', async () => {
    expect((await post(t.app, '/user/user/reset_password_by_login', { old_password: 'x', password: strongPassword }, '127.0.0.1', 'PATCH')).code).toBe(1300);
  });

  it('changes the password, keeps the calling token and kills the others', async () => {
    const other = await login(t.app, 'demo-gadmin', demoPassword);
    const mine = await login(t.app, 'demo-gadmin', demoPassword);
    const reply = await patchWithToken('/user/user/reset_password_by_login', mine, { old_password: demoPassword, password: 'Changed-pass-4' });
    expect(reply.code).toBe(200);
    expect(body(await self(mine)).code).toBe(200);
    expect(body(await self(other)).code).toBe(1300);
    expect(await login(t.app, 'demo-gadmin', 'Changed-pass-4')).toMatch(randomTokenShape);
  });

  it('refuses a wrong current password on its field', async () => {
    const token = await login(t.app, 'demo-bound', demoPassword);
    const reply = await patchWithToken('/user/user/reset_password_by_login', token, { old_password: 'Wrong-pass-1', password: 'Changed-pass-4' });
    expect(reply).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body.old_password', message: 'The current password is incorrect' }] } });
  });

  it('refuses a weak new password', async () => {
    const token = await login(t.app, 'demo-bound', demoPassword);
    expect((await patchWithToken('/user/user/reset_password_by_login', token, { old_password: demoPassword, password: 'weakpass' })).code).toBe(1400);
  });

  it('checks the current password', async () => {
    const token = await login(t.app, 'demo-auditor', demoPassword);
    const check = (password: string) =>
      t.app.inject({ url: api(`/user/user_verify/password_check?password=${encodeURIComponent(password)}`), headers: tokenHeader(token) }).then((r) => body<{ valid: boolean }>(r));
    expect((await check(demoPassword)).spec).toEqual({ valid: true });
    expect((await check('Not-it-123')).spec).toEqual({ valid: false });
    const logged = JSON.stringify(t.logs().filter((line) => String(line.url ?? '').includes('password_check')));
    expect(logged).not.toContain(demoPassword);
    expect(logged).toContain('[redacted]');
  });

  it('rate-limits password checks: wrong tries count as failed logins (1429 after 5)', async () => {
    const token = await login(t.app, 'demo-auditor', demoPassword);
    const check = (password: string) =>
      t.app.inject({ url: api(`/user/user_verify/password_check?password=${password}`), headers: tokenHeader(token) }).then((r) => body(r).code);
    for (let i = 0; i < 5; i++) expect(await check('Not-it-123')).toBe(200); // logging in cleared the earlier one
    expect(await check(demoPassword)).toBe(1429);
  });
});

describe('GET /system/outbox', () => {
  it('is for holders of query_all_user only', async () => {
    const user = await login(t.app, 'demo-bound', demoPassword);
    expect(body(await t.app.inject({ url: api('/system/outbox'), headers: tokenHeader(user) })).code).toBe(1403);
    const admin = await login(t.app, 'admin', adminPassword);
    const page = body<{ list: unknown[]; total: number }>(await t.app.inject({ url: api('/system/outbox?page_size=1'), headers: tokenHeader(admin) }));
    expect(page.code).toBe(200);
    expect(page.spec.list).toHaveLength(1);
    expect(page.spec.total).toBeGreaterThan(1);
  });
});
