import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/identity';
import { hashToken } from '../src/lib/secrets';
import { captchaEnv, fixedCaptcha, newCaptcha } from './verification-helpers';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp, randomTokenShape } from './helpers';

const day = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...captchaEnv, STARLIGHT_LOGIN_MAX_FAILURES: '3' } });
});
afterAll(() => stopTestApp(t));

const attempt = (name: string, password: string, remoteAddress = '127.0.0.1', kind = 'short', captcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: api(`/keystone/${kind}_term_token/name`),
    payload: { name, password, ...(captcha ? { captcha_id: captcha, captcha_answer: fixedCaptcha } : {}) },
    remoteAddress,
  });
const self = (token?: string) => t.app.inject({ url: api('/user/user/self'), headers: token ? tokenHeader(token) : {} });

describe('login (spec §4)', () => {
  it('issues a short-term token that expires in one day', async () => {
    const reply = await attempt('admin', adminPassword);
    const envelope = body<{ token: string; token_type: string; expires_at: string }>(reply);
    expect(envelope).toMatchObject({ code: 200, kind: 'token', spec: { token_type: 'shortTerm' } });
    expect(envelope.spec.token).toMatch(randomTokenShape);
    expect(Math.abs(Date.parse(envelope.spec.expires_at) - Date.now() - day)).toBeLessThan(60_000);
  });

  it('issues a long-term token that expires in 30 days', async () => {
    const envelope = body<{ token_type: string; expires_at: string }>(await attempt('admin', adminPassword, '127.0.0.1', 'long'));
    expect(envelope).toMatchObject({ code: 200, kind: 'token', spec: { token_type: 'longTerm' } });
    expect(Math.abs(Date.parse(envelope.spec.expires_at) - Date.now() - 30 * day)).toBeLessThan(60_000);
  });

  it('accepts the e-mail address or the phone number as the login name', async () => {
    expect(body(await attempt('Demo-User@Example.com', demoPassword)).code).toBe(200);
    expect(body(await attempt('13800000001', demoPassword)).code).toBe(200);
  });

  it('stores only the hash of the token', async () => {
    const token = await login(t.app, 'demo-bound', demoPassword);
    const [byHash] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const [byToken] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(byHash?.tokenType).toBe('shortTerm');
    expect(byToken).toBeUndefined();
  });

  it('records the time of the last login', async () => {
    const token = await login(t.app, 'demo-gadmin', demoPassword);
    const lastLogin = body<{ last_login_at: string }>(await self(token)).spec.last_login_at;
    expect(Math.abs(Date.parse(lastLogin) - Date.now())).toBeLessThan(60_000);
  });

  it('answers a wrong password and an unknown user identically: 555, same info', async () => {
    const wrong = await attempt('admin', 'Wrong-pass-1', '10.0.0.1');
    const unknown = await attempt('nobody-here', 'Wrong-pass-1', '10.0.0.1');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    const { uuid: _a, ...wrongRest } = body(wrong);
    const { uuid: _b, ...unknownRest } = body(unknown);
    expect(wrongRest).toEqual({ code: 555, kind: 'error', spec: null, info: 'incorrect user name or password' });
    expect(unknownRest).toEqual(wrongRest);
  });

  it('refuses a disabled user with the same 555, even with the right password', async () => {
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.userName, 'demo-auditor'));
    const envelope = body(await attempt('demo-auditor', demoPassword, '10.0.0.2'));
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.userName, 'demo-auditor'));
    expect(envelope).toMatchObject({ code: 555, info: 'incorrect user name or password' });
  });

  it('answers 1429 after LOGIN_MAX_FAILURES failures of one account from one address, even with the right password — from that address only', async () => {
    for (let i = 0; i < 3; i++) expect(body(await attempt('demo-bound', `Wrong-pass-${i}`, '10.1.0.1')).code).toBe(555);
    const blocked = await attempt('demo-bound', demoPassword, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)).toMatchObject({ code: 1429, info: 'too many failed logins, please try again later', spec: { retry_after_s: 30 } });
    // the owner elsewhere: a captcha (the account had failures), then in
    expect(body(await attempt('demo-bound', demoPassword, '10.1.0.9'))).toMatchObject({ code: 555, spec: { captcha_required: true } });
    expect(body(await attempt('demo-bound', demoPassword, '10.1.0.9', 'short', await newCaptcha(t.app, '10.1.0.9'))).code).toBe(200);
  });

  it('never locks every account of an address: failures of other accounts from it do not refuse a right login', async () => {
    for (let i = 0; i < 25; i++) expect(body(await attempt(`someone-${i}`, 'Wrong-pass-1', '10.2.0.1')).code).toBe(555);
    expect(body(await attempt('admin', adminPassword, '10.2.0.1', 'short', await newCaptcha(t.app, '10.2.0.1'))).code).toBe(200);
  });
});

describe('tokens (spec §4, §8)', () => {
  it('answers 1300 on a protected route without the token header', async () => {
    const reply = await self();
    expect(reply.statusCode).toBe(401);
    expect(body(reply)).toMatchObject({ code: 1300, info: 'token missing, please log in' });
  });

  it('answers 1300 for an unknown token', async () => {
    expect(body(await self('not-a-token'))).toMatchObject({ code: 1300, info: 'token expired or revoked, please log in again' });
  });

  it('answers 1300 for a token after logout', async () => {
    const token = await login(t.app, 'admin', adminPassword);
    expect(body(await self(token)).code).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: api('/keystone/logout'), headers: tokenHeader(token) });
    expect(body(logout)).toMatchObject({ code: 200, kind: 'logout' });
    expect(body(await self(token))).toMatchObject({ code: 1300, info: 'token expired or revoked, please log in again' });
  });

  it('answers 1300 for an expired token', async () => {
    const token = await login(t.app, 'admin', adminPassword);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(body(await self(token))).toMatchObject({ code: 1300, info: 'token expired or revoked, please log in again' });
  });

  it('answers 1300 for the token of a user disabled after login', async () => {
    const token = await login(t.app, 'demo-user', demoPassword);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.userName, 'demo-user'));
    const envelope = body(await self(token));
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.userName, 'demo-user'));
    expect(envelope.code).toBe(1300);
  });

  it('accepts the token as Authorization: Bearer beside Bihu-Token (curl, scripts, OpenAPI clients)', async () => {
    const token = await login(t.app, 'demo-user', demoPassword);
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`]) {
      const reply = await t.app.inject({ url: api('/user/user/self'), headers: { authorization } });
      expect(body(reply)).toMatchObject({ code: 200, spec: { user_name: 'demo-user' } });
    }
    expect(body(await t.app.inject({ url: api('/perm/permission'), headers: { authorization: `Bearer ${token}` } })).code).toBe(200);
    const openapi = (await t.app.inject({ url: api('/openapi.json') })).json() as { components: { securitySchemes: Record<string, unknown> } };
    expect(openapi.components.securitySchemes).toEqual({
      bihuToken: { type: 'apiKey', in: 'header', name: 'Bihu-Token' },
      bearerToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('refuses a Bearer token that names no live session like a Bihu-Token (1300), and ignores other schemes', async () => {
    const token = await login(t.app, 'demo-user', demoPassword);
    await t.app.inject({ method: 'POST', url: api('/keystone/logout'), headers: tokenHeader(token) });
    const revoked = await t.app.inject({ url: api('/user/user/self'), headers: { authorization: `Bearer ${token}` } });
    expect(revoked.statusCode).toBe(401);
    expect(body(revoked)).toMatchObject({ code: 1300, info: 'token expired or revoked, please log in again' });
    const basic = await t.app.inject({ url: api('/user/user/self'), headers: { authorization: `Basic ${Buffer.from('demo-user:x').toString('base64')}` } });
    expect(body(basic)).toMatchObject({ code: 1300, info: 'token missing, please log in' });
  });

  it('returns the caller as user info', async () => {
    const token = await login(t.app, 'demo-gadmin', demoPassword, 'long');
    expect(body(await self(token))).toMatchObject({
      code: 200,
      kind: 'user',
      spec: {
        user_name: 'demo-gadmin',
        group_name: 'demo-lab',
        status: 1,
        email: 'demo-gadmin@example.com',
        system_account: 'demo_lab_gadmin',
        real_name: 'Demo Group Admin',
      },
    });
  });
});
