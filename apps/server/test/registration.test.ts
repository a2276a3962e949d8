import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { captchas, verificationCodes } from '../src/db/schema/verification';
import { users } from '../src/db/schema/identity';
import { api, body, login, startTestApp, stopTestApp, tokenHeader, type TestApp, randomTokenShape } from './helpers';
import {
  captchaEnv,
  codeFromOutbox,
  fixedCaptcha,
  freshIp,
  newCaptcha,
  outboxCount,
  post,
  registerByEmail,
  sendRegisterCode,
  strongPassword,
} from './verification-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...captchaEnv, STARLIGHT_CODE_MAX_PER_ADDRESS: '3', STARLIGHT_CODE_MAX_PER_IP: '4' } });
});
afterAll(() => stopTestApp(t));

const form = (over: Record<string, unknown>) => ({
  verification_code: '000000',
  user_name: 'newbie',
  password: strongPassword,
  password_confirm: strongPassword,
  agreement: true,
  captcha_token: 'x',
  ...over,
});
const fieldsOf = (spec: unknown) => (spec as { fields: { path: string; message: string }[] }).fields;

describe('POST /keystone/captcha', () => {
  it('answers an id and an SVG image', async () => {
    const envelope = body<{ id: string; svg: string }>(await t.app.inject({ method: 'POST', url: api('/keystone/captcha') }));
    expect(envelope).toMatchObject({ code: 200, kind: 'captcha' });
    expect(envelope.spec.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // the answer's glyphs warped among noise lines, decoys and dots (verification/captcha-image.ts), no text
    expect(envelope.spec.svg).toMatch(/^<svg [^>]*width="240" height="72"/);
    expect(envelope.spec.svg.match(/<circle /g)?.length).toBe(40);
    expect(envelope.spec.svg.match(/<path fill="hsl[^"]*" d=/g)?.length).toBe(fixedCaptcha.length);
    expect(envelope.spec.svg.toLowerCase()).not.toContain(fixedCaptcha);
  });

  it('is single use: a right answer works once, the second use is refused', async () => {
    const ip = freshIp();
    const captcha_id = await newCaptcha(t.app, ip);
    const first = await post(t.app, '/user/user_verify/get_verification_code', { email: 'once@example.com', captcha_id, captcha_answer: fixedCaptcha }, ip);
    expect(first.code).toBe(200);
    const again = await post(t.app, '/user/user_verify/get_verification_code', { email: 'twice@example.com', captcha_id, captcha_answer: fixedCaptcha }, ip);
    expect(again).toMatchObject({ code: 1400, info: 'The human verification failed, please try again' });
  });

  it('is burnt by a wrong answer', async () => {
    const ip = freshIp();
    const captcha_id = await newCaptcha(t.app, ip);
    expect((await post(t.app, '/user/user_verify/get_verification_code', { email: 'wrong@example.com', captcha_id, captcha_answer: 'nope' }, ip)).code).toBe(1400);
    expect((await post(t.app, '/user/user_verify/get_verification_code', { email: 'wrong@example.com', captcha_id, captcha_answer: fixedCaptcha }, ip)).code).toBe(1400);
  });

  it('expires after 2 minutes', async () => {
    const ip = freshIp();
    const captcha_id = await newCaptcha(t.app, ip);
    await t.database.db.update(captchas).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(captchas.id, captcha_id));
    const reply = await post(t.app, '/user/user_verify/get_verification_code', { email: 'late@example.com', captcha_id, captcha_answer: fixedCaptcha }, ip);
    expect(reply.code).toBe(1400);
  });

  it('is ignored (a random text) unless STARLIGHT_ENV is test', async () => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig({ env: { STARLIGHT_ENV: 'production', STARLIGHT_CAPTCHA_FIXED_ANSWER: 'x' } }).verification.captchaFixedAnswer).toBeNull();
    expect(loadConfig({ env: { STARLIGHT_ENV: 'test', STARLIGHT_CAPTCHA_FIXED_ANSWER: 'x' } }).verification.captchaFixedAnswer).toBe('x');
  });
});

describe('POST /user/user_verify/get_verification_code', () => {
  it('sends a 6-digit code by e-mail, kept in the outbox without SMTP', async () => {
    const { result } = await sendRegisterCode(t.app, { email: 'Mail-Me@Example.com' });
    expect(result).toMatchObject({ code: 200, spec: { resend_after_s: 60, expires_in_s: 600 } });
    expect(await codeFromOutbox(t.app, 'mail-me@example.com')).toMatch(/^\d{6}$/);
  });

  it('sends a code by SMS to a phone, kept in the outbox', async () => {
    expect((await sendRegisterCode(t.app, { telephone: '13912345670' })).result.code).toBe(200);
    expect(await codeFromOutbox(t.app, '13912345670')).toMatch(/^\d{6}$/);
  });

  it("refuses a registered e-mail with 1409 'The email has been registered'", async () => {
    const { result } = await sendRegisterCode(t.app, { email: 'demo-user@example.com' });
    expect(result).toMatchObject({ status: 409, code: 1409, info: 'The email has been registered' });
  });

  it('refuses a registered phone with 1409', async () => {
    const { result } = await sendRegisterCode(t.app, { telephone: '13800000001' });
    expect(result).toMatchObject({ code: 1409, info: 'The phone number has been registered' });
  });

  it('needs a captcha', async () => {
    const reply = await post(t.app, '/user/user_verify/get_verification_code', { email: 'nocaptcha@example.com' }, freshIp());
    expect(reply.code).toBe(1400);
  });

  it('refuses a second code for the same address within 60 s (1429)', async () => {
    expect((await sendRegisterCode(t.app, { email: 'hasty@example.com' })).result.code).toBe(200);
    const again = await sendRegisterCode(t.app, { email: 'hasty@example.com' });
    expect(again.result).toMatchObject({ status: 429, code: 1429 });
    expect((again.result.spec as { retry_after_s: number }).retry_after_s).toBeGreaterThan(50);
  });

  it('limits codes per address per hour (1429), counted in the database', async () => {
    const address = 'greedy@example.com';
    for (let i = 0; i < 3; i++) {
      expect((await sendRegisterCode(t.app, { email: address })).result.code).toBe(200);
      await t.database.db.execute(sql`update verification_codes set created_at = created_at - interval '2 minutes' where address = ${address}`);
    }
    expect((await sendRegisterCode(t.app, { email: address })).result.code).toBe(1429);
    expect(await outboxCount(t.app, address)).toBe(3);
  });

  it('limits codes per client address per hour (1429)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await sendRegisterCode(t.app, { email: `ip${i}@example.com` }, ip)).result.code).toBe(200);
    expect((await sendRegisterCode(t.app, { email: 'ip5@example.com' }, ip)).result.code).toBe(1429);
  });
});

describe('POST /user/register', () => {
  it('creates the user (status 0, no roles) who can then log in', async () => {
    const reply = await registerByEmail(t.app, 'alice@example.com', 'alice-new');
    expect(reply).toMatchObject({ code: 200, kind: 'user', spec: { user_name: 'alice-new' } });
    const token = await login(t.app, 'alice@example.com', strongPassword);
    const self = body<{ status: number; email: string }>(await t.app.inject({ url: api('/user/user/self'), headers: tokenHeader(token) }));
    expect(self.spec).toMatchObject({ status: 0, email: 'alice@example.com' });
    const perms = body<string[]>(await t.app.inject({ url: api('/perm/permission'), headers: tokenHeader(token) }));
    expect(perms.spec).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.userName, 'alice-new'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('registers by phone', async () => {
    const ip = freshIp();
    const { captcha_id } = await sendRegisterCode(t.app, { telephone: '13712345678' }, ip);
    const code = await codeFromOutbox(t.app, '13712345678');
    const reply = await post(t.app, '/user/register', form({ telephone: '13712345678', verification_code: code, user_name: 'phone-user', captcha_token: captcha_id }), ip);
    expect(reply.code).toBe(200);
    expect(await login(t.app, '13712345678', strongPassword)).toMatch(randomTokenShape);
  });

  it("refuses an e-mail registered meanwhile with 'The email has been registered'", async () => {
    const direct = await post(t.app, '/user/register', form({ email: 'DEMO-USER@example.com' }));
    expect(direct).toMatchObject({ code: 1409, info: 'The email has been registered' });
  });

  it('refuses a taken user name with 1409 and keeps the code', async () => {
    const ip = freshIp();
    const { captcha_id } = await sendRegisterCode(t.app, { email: 'bob@example.com' }, ip);
    const code = await codeFromOutbox(t.app, 'bob@example.com');
    const taken = await post(t.app, '/user/register', form({ email: 'bob@example.com', verification_code: code, user_name: 'demo-user', captcha_token: captcha_id }), ip);
    expect(taken).toMatchObject({ code: 1409, info: 'The username has been registered' });
    const ok = await post(t.app, '/user/register', form({ email: 'bob@example.com', verification_code: code, user_name: 'bob-new', captcha_token: captcha_id }), ip);
    expect(ok.code).toBe(200);
  });

  it('uses a code once', async () => {
    const ip = freshIp();
    const { captcha_id } = await sendRegisterCode(t.app, { email: 'carol@example.com' }, ip);
    const code = await codeFromOutbox(t.app, 'carol@example.com');
    expect((await post(t.app, '/user/register', form({ email: 'carol@example.com', verification_code: code, user_name: 'carol-new', captcha_token: captcha_id }), ip)).code).toBe(200);
    await t.database.db.delete(users).where(eq(users.userName, 'carol-new'));
    const again = await post(t.app, '/user/register', form({ email: 'carol@example.com', verification_code: code, user_name: 'carol-new', captcha_token: captcha_id }), ip);
    expect(again).toMatchObject({ code: 1400, info: 'The verification code is incorrect or has expired' });
  });

  it('refuses an expired code', async () => {
    const ip = freshIp();
    const { captcha_id } = await sendRegisterCode(t.app, { email: 'dave@example.com' }, ip);
    const code = await codeFromOutbox(t.app, 'dave@example.com');
    await t.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(verificationCodes.address, 'dave@example.com'));
    const reply = await post(t.app, '/user/register', form({ email: 'dave@example.com', verification_code: code, user_name: 'dave-new', captcha_token: captcha_id }), ip);
    expect(reply.code).toBe(1400);
  });

  it('allows 5 wrong tries, then refuses even the right code', async () => {
    const ip = freshIp();
    const { captcha_id } = await sendRegisterCode(t.app, { email: 'eve@example.com' }, ip);
    const code = await codeFromOutbox(t.app, 'eve@example.com');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++)
      expect((await post(t.app, '/user/register', form({ email: 'eve@example.com', verification_code: wrong, user_name: 'eve-new', captcha_token: captcha_id }), ip)).code).toBe(1400);
    const right = await post(t.app, '/user/register', form({ email: 'eve@example.com', verification_code: code, user_name: 'eve-new', captcha_token: captcha_id }), ip);
    expect(right).toMatchObject({ code: 1400, info: 'The verification code is incorrect or has expired' });
  });

  it('checks a code without using it (verification_email)', async () => {
    const ip = freshIp();
    const { captcha_id } = await sendRegisterCode(t.app, { email: 'frank@example.com' }, ip);
    const code = await codeFromOutbox(t.app, 'frank@example.com');
    const check = await post(t.app, '/user/user_verify/verification_email', { email: 'frank@example.com', purpose: 'register', verification_code: code }, ip);
    expect(check).toMatchObject({ code: 200, spec: { valid: true } });
    const reply = await post(t.app, '/user/register', form({ email: 'frank@example.com', verification_code: code, user_name: 'frank-new', captcha_token: captcha_id }), ip);
    expect(reply.code).toBe(200);
  });

  it('demands the captcha the code was sent under', async () => {
    const ip = freshIp();
    await sendRegisterCode(t.app, { email: 'gina@example.com' }, ip);
    const code = await codeFromOutbox(t.app, 'gina@example.com');
    const reply = await post(t.app, '/user/register', form({ email: 'gina@example.com', verification_code: code, user_name: 'gina-new', captcha_token: 'made-up' }), ip);
    expect(reply.code).toBe(1400);
    expect(fieldsOf(reply.spec)[0]!.path).toBe('body.captcha_token');
  });

  it.each([
    ['short', 'Ab1', 'The password must be 8 to 20 characters'],
    ['no digit', 'Abcdefghij', 'The password needs a digit'],
    ['no lowercase', 'ABCDEFGH12', 'The password needs a lowercase letter'],
    ['no uppercase', 'abcdefgh12', 'The password needs an uppercase letter'],
  ])('refuses a password that is %s', async (_what, password, message) => {
    const reply = await post(t.app, '/user/register', form({ email: 'pw@example.com', password, password_confirm: password }));
    expect(reply.code).toBe(1400);
    expect(fieldsOf(reply.spec)).toContainEqual({ path: 'body.password', message });
  });

  it("refuses a re-entry mismatch with 'Inconsistent password entered twice'", async () => {
    const reply = await post(t.app, '/user/register', form({ email: 'pw@example.com', password_confirm: 'Other-pass1' }));
    expect(fieldsOf(reply.spec)).toContainEqual({ path: 'body.password_confirm', message: 'Inconsistent password entered twice' });
  });

  it('refuses an unticked agreement', async () => {
    const reply = await post(t.app, '/user/register', form({ email: 'pw@example.com', agreement: false }));
    expect(fieldsOf(reply.spec)).toContainEqual({ path: 'body.agreement', message: 'Please read and accept the agreement' });
  });

  it('refuses a bad user name and a missing contact', async () => {
    const reply = await post(t.app, '/user/register', form({ user_name: '12345' }));
    const paths = fieldsOf(reply.spec).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.user_name', 'body.email', 'body.telephone']));
  });
});
