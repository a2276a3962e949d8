import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startTestApp, stopTestApp, type TestApp } from './helpers';
import { captchaEnv, outboxCount, post, sendRegisterCode, strongPassword } from './verification-helpers';

interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; inbox: Delivered[] }> {
  const inbox: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return { server, port: (server.server.address() as AddressInfo).port, inbox };
}

/** The text part of a simple message, undoing base64 or quoted-printable. */
function textOf(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const bodyText = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(bodyText.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(bodyText.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  return bodyText;
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    env: { ...captchaEnv, STARLIGHT_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, STARLIGHT_SMTP_FROM: 'Starlight <no-reply@starlight.test>' },
  });
});
afterAll(async () => {
  await stopTestApp(t);
  smtp.server.close();
});

describe('mail over SMTP (STARLIGHT_SMTP_URL set)', () => {
  it('delivers the register code to a real SMTP server, and the code registers the user', async () => {
    const { captcha_id, result } = await sendRegisterCode(t.app, { email: 'smtp-user@example.com' }, '10.20.0.1');
    expect(result.code).toBe(200);
    const message = smtp.inbox.find((m) => m.to.includes('smtp-user@example.com'));
    expect(message?.from).toBe('no-reply@starlight.test');
    const code = /\b(\d{6})\b/.exec(textOf(message!.raw))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await outboxCount(t.app, 'smtp-user@example.com')).toBe(0); // mail no longer goes to the outbox
    const registered = await post(t.app, '/user/register', {
      email: 'smtp-user@example.com',
      verification_code: code,
      user_name: 'smtp-user',
      password: strongPassword,
      password_confirm: strongPassword,
      agreement: true,
      captcha_token: captcha_id,
    }, '10.20.0.1');
    expect(registered.code).toBe(200);
  });

  it('still sends SMS codes to the outbox (the built-in SMS driver)', async () => {
    expect((await sendRegisterCode(t.app, { telephone: '13512345678' }, '10.20.0.2')).result.code).toBe(200);
    expect(await outboxCount(t.app, '13512345678')).toBe(1);
  });

  it('answers 1502 when the SMTP server is down', async () => {
    const down = await startTestApp({ env: { ...captchaEnv, STARLIGHT_SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const { result } = await sendRegisterCode(down.app, { email: 'nobody-home@example.com' }, '10.20.0.3');
      expect(result).toMatchObject({ status: 502, code: 1502, info: 'the verification code could not be sent, please try again later' });
    } finally {
      await stopTestApp(down);
    }
  });
});
