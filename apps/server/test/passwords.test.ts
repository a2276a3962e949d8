import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verificationCodes } from '../src/db/schema/verification';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp, randomTokenShape } from './helpers';
import { auditRows, call, createUser, freshName, setKeys, userPassword } from './admin-helpers';
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
  interface OutboxItem { address: string; subject: string; body: string; masked: boolean }
  const read = (token: string, query = '') =>
    t.app.inject({ url: api(`/system/outbox${query}`), headers: tokenHeader(token) }).then((r) => body<{ list: OutboxItem[]; total: number }>(r));

  it('is for the platform top permission (query_role) only: not for readers of users (query_all_user)', async () => {
    const user = await login(t.app, 'demo-bound', demoPassword);
    expect((await read(user)).code).toBe(1403);
    const admin = await login(t.app, 'admin', adminPassword);
    const userReader = freshName('user-reader');
    await createUser(t, admin, userReader);
    await setKeys(t, admin, userReader, freshName('user-readers'), ['query_all_user', 'query_all_audit']);
    expect((await read(await login(t.app, userReader, userPassword))).code).toBe(1403);
    const page = await read(admin, '?page_size=1');
    expect(page.code).toBe(200);
    expect(page.spec.list).toHaveLength(1);
    expect(page.spec.total).toBeGreaterThan(1);
  });

  it('masks the codes of accounts the reader may not manage (more rights than theirs), shows the others, and audits every read', async () => {
    const admin = await login(t.app, 'admin', adminPassword);
    const reader = freshName('outbox-reader');
    await createUser(t, admin, reader);
    await setKeys(t, admin, reader, freshName('outbox-readers'), ['query_role', 'manage_all_user']);
    const boss = freshName('boss');
    const bossId = await createUser(t, admin, boss);
    await call(t, admin, 'PATCH', `/user/user/${bossId}`, { email: `${boss}@example.com` });
    await setKeys(t, admin, boss, freshName('bosses'), ['query_role', 'manage_all_user', 'kcluster_clusters_admin']);
    expect((await post(t.app, '/user/user_verify/email_reset_code', { email: `${boss}@example.com` }, freshIp())).code).toBe(200);
    const plain = freshName('plain');
    await call(t, admin, 'PATCH', `/user/user/${await createUser(t, admin, plain)}`, { email: `${plain}@example.com` });
    expect((await post(t.app, '/user/user_verify/email_reset_code', { email: `${plain}@example.com` }, freshIp())).code).toBe(200);
    const adminsView = await codeFromOutbox(t.app, `${boss}@example.com`);

    const token = await login(t.app, reader, userPassword);
    const bossMail = (await read(token, `?field_eq_address=${boss}%40example.com`)).spec.list[0]!;
    expect(bossMail.masked).toBe(true);
    expect(`${bossMail.subject} ${bossMail.body}`).not.toContain(adminsView);
    expect(bossMail.body).not.toMatch(/\b\d{6}\b/);
    const mate = (await read(token, `?field_eq_address=${plain}%40example.com`)).spec.list[0]!;
    expect(mate.masked).toBe(false);
    expect(mate.body).toMatch(/\b\d{6}\b/);
    // a group administrator holds keys the reader lacks: masked too
    await post(t.app, '/user/user_verify/email_reset_code', { email: 'demo-gadmin@example.com' }, freshIp());
    // the code's mail is in the outbox once the admin's view shows it (mail is written after the call answers)
    await codeFromOutbox(t.app, 'demo-gadmin@example.com');
    expect((await read(token, '?field_eq_address=demo-gadmin%40example.com')).spec.list[0]).toMatchObject({ masked: true });
    // the platform admin holds every key: nothing is masked for them
    expect((await read(admin, `?field_eq_address=${boss}%40example.com`)).spec.list[0]).toMatchObject({ masked: false });

    const reads = (await auditRows(t)).filter((r) => r.action === 'outbox_read' && r.userName === reader);
    expect(reads).toHaveLength(3);
    expect(reads[2]?.detail).toContain(`${boss}@example.com`);
    expect(reads[2]?.detail).toContain('1 masked');
  });
});
