import { createDecipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sec30, sec30Window } from '@starlight/contract/sec30';
import { encryptSec30, sealPasswords } from '../password-encryption';

/** What the server does (apps/server/src/lib/sec30.ts), written out with node:crypto. */
function decrypt(payload: string, epochMs: number): string {
  const raw = Buffer.from(payload, 'base64');
  const key = createHash('sha256').update(`${sec30.keyLabel}${sec30Window(epochMs)}`).digest();
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

describe('SEC30 password transport (WebCrypto)', () => {
  it('produces base64(iv ‖ ciphertext ‖ tag) the server decrypts with the window key', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 10);
    const sealed = await encryptSec30('Secret-pass1', now);
    expect(Buffer.from(sealed, 'base64').length).toBe(12 + 12 + 16);
    expect(decrypt(sealed, now)).toBe('Secret-pass1');
    expect(() => decrypt(sealed, now + 60_000)).toThrow();
  });

  it('uses a fresh IV every time', async () => {
    const a = await encryptSec30('same');
    const b = await encryptSec30('same');
    expect(a).not.toBe(b);
  });

  it('seals only the password fields, and only in SEC30 builds', async () => {
    const body = { name: 'ada', password: 'Secret-pass1', password_confirm: 'Secret-pass1', captcha_id: 'x' };
    expect(await sealPasswords(body, 'none')).toBe(body);
    const sealed = await sealPasswords(body, 'SEC30');
    expect(sealed.name).toBe('ada');
    expect(sealed.captcha_id).toBe('x');
    expect(decrypt(sealed.password, Date.now())).toBe('Secret-pass1');
    expect(decrypt(sealed.password_confirm, Date.now())).toBe('Secret-pass1');
  });
});
