import { expect } from 'vitest';
import type { App } from '../src/app';
import { adminPassword, api, body, login, tokenHeader } from './helpers';

/** The e2e and these tests set it; config honours it only with STARLIGHT_ENV=test. */
export const fixedCaptcha = 'k7pw';
export const captchaEnv = { STARLIGHT_CAPTCHA_FIXED_ANSWER: fixedCaptcha };

export const strongPassword = 'Newuser-pass1';

let ipCounter = 0;
/** A fresh client address, so per-IP code limits of one test do not leak into the next. */
export const freshIp = (): string => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export async function newCaptcha(app: App, ip = '127.0.0.1'): Promise<string> {
  const reply = await app.inject({ method: 'POST', url: api('/keystone/captcha'), remoteAddress: ip });
  const envelope = body<{ id: string; svg: string }>(reply);
  expect(envelope.code).toBe(200);
  return envelope.spec.id;
}

export async function post(app: App, path: string, payload: object, ip = '127.0.0.1', method: 'POST' | 'PATCH' = 'POST') {
  const reply = await app.inject({ method, url: api(path), payload, remoteAddress: ip });
  return { status: reply.statusCode, ...body<Record<string, unknown> | null>(reply) };
}

/** Asks for a register code with a solved captcha; answers the captcha id used. */
export async function sendRegisterCode(app: App, contact: { email?: string; telephone?: string }, ip = freshIp()) {
  const captcha_id = await newCaptcha(app, ip);
  const result = await post(app, '/user/user_verify/get_verification_code', { ...contact, captcha_id, captcha_answer: fixedCaptcha }, ip);
  return { captcha_id, result };
}

/** The latest code sent to an address (once more than `after` messages went there), read from the outbox as a platform admin would. */
export async function codeFromOutbox(app: App, address: string, { wait = 2000, after = 0 } = {}): Promise<string> {
  const token = await login(app, 'admin', adminPassword);
  const deadline = Date.now() + wait;
  for (;;) {
    const reply = await app.inject({ url: api(`/system/outbox?field_eq_address=${encodeURIComponent(address)}`), headers: tokenHeader(token) });
    const envelope = body<{ list: { body: string }[]; total: number }>(reply);
    expect(envelope.code).toBe(200);
    const match = envelope.spec.total > after ? envelope.spec.list[0]?.body.match(/\b(\d{6})\b/) : undefined;
    if (match?.[1]) return match[1];
    if (Date.now() > deadline) throw new Error(`no code for ${address} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function outboxCount(app: App, address: string): Promise<number> {
  const token = await login(app, 'admin', adminPassword);
  const reply = await app.inject({ url: api(`/system/outbox?field_eq_address=${encodeURIComponent(address)}`), headers: tokenHeader(token) });
  return body<{ total: number }>(reply).spec.total;
}

/** Registers a user by e-mail end to end; answers the register reply. */
export async function registerByEmail(app: App, email: string, userName: string, password = strongPassword) {
  const ip = freshIp();
  const { captcha_id } = await sendRegisterCode(app, { email }, ip);
  const code = await codeFromOutbox(app, email);
  return post(app, '/user/register', {
    email,
    verification_code: code,
    user_name: userName,
    password,
    password_confirm: password,
    agreement: true,
    captcha_token: captcha_id,
  }, ip);
}
