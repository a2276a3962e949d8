import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSec30, encryptSec30 } from '../src/lib/sec30';
import { api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { captchaEnv, fixedCaptcha, newCaptcha } from './verification-helpers';

/** Login completeness (issue 3 part 2): captcha after failures, SEC30, login security, cloud session calls. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...captchaEnv, STARLIGHT_LOGIN_MAX_FAILURES: '8', STARLIGHT_LOGIN_CAPTCHA_AFTER: '3', STARLIGHT_CLOUD_COOKIE_DOMAIN: '.cloud.example.com' } });
});
afterAll(() => stopTestApp(t));

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
const attempt = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1'): Promise<Reply> =>
  t.app.inject({ method: 'POST', url: api('/keystone/short_term_token/name'), payload, remoteAddress });
const as = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method, url: api(path), headers: tokenHeader(token), ...(payload ? { payload } : {}), remoteAddress });

describe('captcha after repeated failures', () => {
  it('answers 555 with captcha_required after 3 failures, until a solved captcha comes; a right login resets the count', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < 3; i++) expect(body(await attempt({ name: 'demo-bound', password: `Wrong-pass-${i}` }, ip))).toMatchObject({ code: 555, spec: i < 2 ? null : { captcha_required: true } });
    // the right password alone is not enough now
    expect(body(await attempt({ name: 'demo-bound', password: demoPassword }, ip))).toMatchObject({ code: 555, spec: { captcha_required: true }, info: 'please complete the human verification' });
    // a wrong answer burns the captcha and is refused the same way
    const burnt = await newCaptcha(t.app, ip);
    expect(body(await attempt({ name: 'demo-bound', password: demoPassword, captcha_id: burnt, captcha_answer: 'nope' }, ip)).code).toBe(555);
    expect(body(await attempt({ name: 'demo-bound', password: demoPassword, captcha_id: burnt, captcha_answer: fixedCaptcha }, ip)).code).toBe(555);
    const captcha_id = await newCaptcha(t.app, ip);
    expect(body(await attempt({ name: 'demo-bound', password: demoPassword, captcha_id, captcha_answer: fixedCaptcha }, ip)).code).toBe(200);
    // counter reset: the next login from another address needs no captcha
    expect(body(await attempt({ name: 'demo-bound', password: demoPassword }, '10.20.0.2')).code).toBe(200);
  });

  it('lets the owner in (right password + captcha) while an attacker hammers the account from another address; the attacker backs off exponentially', async () => {
    const attacker = '10.21.0.1';
    const retries: number[] = [];
    for (let i = 0; i < 12; i++) {
      const envelope = body<{ retry_after_s?: number } | null>(await attempt({ name: 'demo-gadmin', password: `Wrong-pass-${i}` }, attacker));
      if (i < 8) expect(envelope.code).toBe(555);
      else {
        expect(envelope.code).toBe(1429);
        retries.push(envelope.spec?.retry_after_s ?? 0);
      }
    }
    // backed off, the attacker's tries no longer count, so the wait stays that of the 8 failures
    expect(retries.every((s) => s > 0 && s <= 30)).toBe(true);
    // the owner, at home: the account is under attack, so a captcha — and then the right password works
    const owner = '10.21.0.200';
    expect(body(await attempt({ name: 'demo-gadmin', password: demoPassword }, owner))).toMatchObject({ code: 555, spec: { captcha_required: true } });
    const captcha_id = await newCaptcha(t.app, owner);
    expect(body(await attempt({ name: 'demo-gadmin', password: demoPassword, captcha_id, captcha_answer: fixedCaptcha }, owner)).code).toBe(200);
    // the owner signing in does not lift the attacker's back-off
    expect(body(await attempt({ name: 'demo-gadmin', password: demoPassword }, attacker)).code).toBe(1429);
  });

  it('a shared address (campus NAT) with many failures asks its users for a captcha, and locks none of them out', async () => {
    const nat = '10.23.0.1';
    for (let i = 0; i < 30; i++) expect(body(await attempt({ name: `student-${i}`, password: 'Wrong-pass-1' }, nat)).code).toBe(555);
    expect(body(await attempt({ name: 'demo-user', password: demoPassword }, nat))).toMatchObject({ code: 555, spec: { captcha_required: true } });
    const captcha_id = await newCaptcha(t.app, nat);
    expect(body(await attempt({ name: 'demo-user', password: demoPassword, captcha_id, captcha_answer: fixedCaptcha }, nat)).code).toBe(200);
  });

  it('refuses a malformed captcha field with 1400 naming it', async () => {
    const envelope = body<{ fields: { path: string }[] }>(await attempt({ name: 'demo-user', password: demoPassword, captcha_id: '' }));
    expect(envelope.code).toBe(1400);
    expect(envelope.spec.fields[0]?.path).toContain('captcha_id');
  });
});

describe('SEC30 password transport', () => {
  it('round-trips, accepts the previous 30 s window and refuses older ones', () => {
    const now = Date.now();
    const sealed = encryptSec30('Secret-pass1', now);
    expect(Buffer.from(sealed, 'base64').length).toBe(12 + 'Secret-pass1'.length + 16);
    expect(decryptSec30(sealed, now)).toBe('Secret-pass1');
    expect(decryptSec30(sealed, now + 30_000)).toBe('Secret-pass1');
    expect(decryptSec30(sealed, now + 61_000)).toBeNull();
    expect(decryptSec30('not base64!', now)).toBeNull();
    expect(decryptSec30(Buffer.from('short').toString('base64'), now)).toBeNull();
  });

  it('with PASSWORD_ENCRYPTION=SEC30 the server decrypts login and password-change bodies; plain or stale ones are 1400 on the password field', async () => {
    const sec = await startTestApp({ env: { STARLIGHT_PASSWORD_ENCRYPTION: 'SEC30' } });
    try {
      const send = (password: string) => sec.app.inject({ method: 'POST', url: api('/keystone/short_term_token/name'), payload: { name: 'demo-user', password } });
      const good = body<{ token: string }>(await send(encryptSec30(demoPassword)));
      expect(good.code).toBe(200);
      for (const bad of [demoPassword, encryptSec30(demoPassword, Date.now() - 90_000)]) {
        const refused = body<{ fields: { path: string }[] }>(await send(bad));
        expect(refused.code).toBe(1400);
        expect(refused.spec.fields).toEqual([{ path: 'body.password', message: expect.stringContaining('encrypted password') }]);
      }
      // a wrong password, properly encrypted, is an ordinary 555
      expect(body(await send(encryptSec30('Wrong-pass-1'))).code).toBe(555);
      const change = await sec.app.inject({
        method: 'PATCH',
        url: api('/user/user/reset_password_by_login'),
        headers: tokenHeader(good.spec.token),
        payload: { old_password: encryptSec30(demoPassword), password: 'plain-Pass1' },
      });
      expect(body<{ fields: { path: string }[] }>(change).spec.fields[0]?.path).toBe('body.password');
    } finally {
      await stopTestApp(sec);
    }
  });
});

describe('login security (GET, PATCH /keystone/login_security)', () => {
  it('starts all off and needs a login', async () => {
    const token = await login(t.app, 'demo-auditor', demoPassword);
    expect(body(await as(token, 'GET', '/keystone/login_security')).spec).toEqual({ always_captcha: false, notify_new_ip: false, restrict_networks: false, allowed_networks: [] });
    expect(body(await t.app.inject({ url: api('/keystone/login_security') })).code).toBe(1300);
    expect(body(await as(token, 'PATCH', '/keystone/login_security', { always_captcha: 'yes' })).code).toBe(1400);
    expect(body(await as(token, 'PATCH', '/keystone/login_security', { unknown: true })).code).toBe(1400);
  });

  it('always_captcha makes every login of that account need a captcha', async () => {
    const token = await login(t.app, 'demo-auditor', demoPassword);
    expect(body(await as(token, 'PATCH', '/keystone/login_security', { always_captcha: true })).spec).toMatchObject({ always_captcha: true });
    expect(body(await attempt({ name: 'demo-auditor', password: demoPassword }, '10.22.0.1'))).toMatchObject({ code: 555, spec: { captcha_required: true } });
    const captcha_id = await newCaptcha(t.app);
    const ok = body<{ token: string }>(await attempt({ name: 'demo-auditor', password: demoPassword, captcha_id, captcha_answer: fixedCaptcha }, '10.22.0.1'));
    expect(ok.code).toBe(200);
    await as(ok.spec.token, 'PATCH', '/keystone/login_security', { always_captcha: false });
    expect(body(await attempt({ name: 'demo-auditor', password: demoPassword }, '10.22.0.1')).code).toBe(200);
  });

  it('restrict_networks accepts logins only from the access records, and refuses to lock the caller out', async () => {
    const token = await login(t.app, 'admin', (await import('./helpers')).adminPassword);
    // no records yet: enabling would lock the caller out
    const lockout = body<{ fields: { path: string }[] }>(await as(token, 'PATCH', '/keystone/login_security', { restrict_networks: true }));
    expect(lockout.code).toBe(1400);
    expect(lockout.spec.fields[0]?.path).toBe('body.restrict_networks');
    const created = body<{ id: number; network: string }>(await as(token, 'POST', '/user/access/create', { name: 'office', network: '127.0.0.1/8' }));
    expect(created).toMatchObject({ code: 200, spec: { network: '127.0.0.0/8' } });
    expect(body(await as(token, 'PATCH', '/keystone/login_security', { restrict_networks: true })).spec).toMatchObject({ restrict_networks: true, allowed_networks: ['127.0.0.0/8'] });
    const adminPassword = (await import('./helpers')).adminPassword;
    // from outside: the same refusal as a wrong password (nothing learnt about the password)
    expect(body(await attempt({ name: 'admin', password: adminPassword }, '192.0.2.7'))).toMatchObject({ code: 555, info: 'incorrect user name or password' });
    expect(body(await attempt({ name: 'admin', password: adminPassword }, '127.0.0.5')).code).toBe(200);
    // deleting the only record would lock the caller out
    expect(body(await as(token, 'DELETE', `/user/access/${created.spec.id}`)).code).toBe(1409);
    expect(body(await as(token, 'PATCH', `/user/access/${created.spec.id}`, { network: '10.0.0.0/8' })).code).toBe(1409);
    const list = body<{ list: { last_used_at: string | null }[] }>(await as(token, 'POST', '/user/access/query', {}));
    expect(list.spec.list[0]?.last_used_at).not.toBeNull();
    await as(token, 'PATCH', '/keystone/login_security', { restrict_networks: false });
    expect(body(await attempt({ name: 'admin', password: adminPassword }, '192.0.2.7')).code).toBe(200);
  });

  it('notify_new_ip mails a notice on a sign-in from an address never seen for the account', async () => {
    const token = await login(t.app, 'demo-user', demoPassword, 'short');
    await as(token, 'PATCH', '/keystone/login_security', { notify_new_ip: true });
    const adminToken = await login(t.app, 'admin', (await import('./helpers')).adminPassword);
    const notices = async () => {
      const reply = await as(adminToken, 'GET', '/system/outbox?field_eq_address=demo-user%40example.com');
      return body<{ list: { subject: string; body: string }[] }>(reply).spec.list.filter((m) => m.subject.includes('new address'));
    };
    const before = (await notices()).length;
    expect(body(await attempt({ name: 'demo-user', password: demoPassword }, '127.0.0.1')).code).toBe(200);
    expect((await notices()).length).toBe(before);
    expect(body(await attempt({ name: 'demo-user', password: demoPassword }, '203.0.113.9')).code).toBe(200);
    await expect.poll(async () => (await notices()).length).toBe(before + 1);
    expect((await notices())[0]?.body).toContain('203.0.113.9');
    await as(token, 'PATCH', '/keystone/login_security', { notify_new_ip: false });
  });
});

describe('cloud session calls', () => {
  it('POST /keystone/cloud/token issues a separate token, set as an HttpOnly cookie on the cloud domain', async () => {
    const token = await login(t.app, 'demo-bound', demoPassword, 'short');
    const reply = await as(token, 'POST', '/keystone/cloud/token');
    const envelope = body<{ token: string; cookie_domain: string }>(reply);
    expect(envelope).toMatchObject({ code: 200, spec: { cookie_domain: '.cloud.example.com' } });
    expect(String(reply.headers['set-cookie'])).toMatch(/^starlight-cloud-token=.+; Domain=\.cloud\.example\.com; Path=\/; Expires=.+; HttpOnly; SameSite=Lax/);
    const cloudToken = envelope.spec.token;
    expect(cloudToken).not.toBe(token);
    expect(body(await as(cloudToken, 'GET', '/user/user/self')).code).toBe(200);
    // DELETE /keystone/cloud/cookie ends the cloud session and clears the cookie; the console session lives on
    const removed = await as(token, 'DELETE', '/keystone/cloud/cookie');
    expect(body(removed)).toMatchObject({ code: 200, spec: { revoked: 1 } });
    expect(String(removed.headers['set-cookie'])).toContain('Expires=Thu, 01 Jan 1970');
    expect(body(await as(cloudToken, 'GET', '/user/user/self')).code).toBe(1300);
    expect(body(await as(token, 'GET', '/user/user/self')).code).toBe(200);
  });

  it('needs a login, and answers 11102 (nothing to do) with no cloud configured', async () => {
    expect(body(await t.app.inject({ method: 'POST', url: api('/keystone/cloud/token') })).code).toBe(1300);
    expect(body(await t.app.inject({ method: 'DELETE', url: api('/keystone/cloud/cookie') })).code).toBe(1300);
    const plain = await startTestApp();
    try {
      const token = await login(plain.app, 'demo-user', demoPassword);
      const reply = await plain.app.inject({ method: 'POST', url: api('/keystone/cloud/token'), headers: tokenHeader(token) });
      expect(body(reply).code).toBe(11102);
      expect(reply.headers['set-cookie']).toBeUndefined();
    } finally {
      await stopTestApp(plain);
    }
  });

  it('POST /user/bind_cloud sets status bit 64 once (then 11102)', async () => {
    const token = await login(t.app, 'demo-bound', demoPassword);
    const first = body<{ status: number }>(await as(token, 'POST', '/user/bind_cloud'));
    expect(first.code).toBe(200);
    expect(first.spec.status & 64).toBe(64);
    expect(first.spec.status & 1).toBe(1);
    expect(body(await as(token, 'POST', '/user/bind_cloud')).code).toBe(11102);
    expect(body<{ cloud_bound: boolean }>(await as(token, 'GET', '/user/status')).spec.cloud_bound).toBe(true);
    expect(body(await t.app.inject({ method: 'POST', url: api('/user/bind_cloud') })).code).toBe(1300);
  });
});
