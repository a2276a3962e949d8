import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import { profileMessages } from '@starlight/contract/profile';
import { sec30, sec30Fields, sec30Window } from '@starlight/contract/sec30';
import { AppError } from './app-error';

/** The AES-256 key of one 30-second window (contract `sec30`): SHA-256 of the label and the window number. */
export const sec30Key = (window: number): Buffer => createHash('sha256').update(`${sec30.keyLabel}${window}`).digest();

/** base64(iv ‖ ciphertext ‖ tag), as the browser's WebCrypto AES-GCM produces it (tag appended). */
export function encryptSec30(plain: string, epochMs = Date.now()): string {
  const iv = randomBytes(sec30.ivBytes);
  const cipher = createCipheriv('aes-256-gcm', sec30Key(sec30Window(epochMs)), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64');
}

/** The plain text, or null when the value is malformed or from neither this window nor the previous one. */
export function decryptSec30(payload: string, epochMs = Date.now()): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length > 1024) return null;
  const raw = Buffer.from(payload, 'base64');
  if (raw.length < sec30.ivBytes + sec30.tagBytes + 1) return null;
  const iv = raw.subarray(0, sec30.ivBytes);
  const tag = raw.subarray(raw.length - sec30.tagBytes);
  const ciphertext = raw.subarray(sec30.ivBytes, raw.length - sec30.tagBytes);
  const current = sec30Window(epochMs);
  for (const window of [current, current - 1]) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', sec30Key(window), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      // wrong window (the tag does not verify): try the previous one
    }
  }
  return null;
}

/**
 * A preValidation hook for the routes whose body carries passwords: with SEC30 on, each password
 * field present is decrypted in place before the route's schema checks it; a malformed or stale one
 * is 1400 naming that field. Off: the hook does nothing (plain passwords over TLS).
 */
export function sec30Decryptor(enabled: boolean, now: () => Date = () => new Date()) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!enabled) return;
    const body = request.body as Record<string, unknown> | null | undefined;
    if (!body || typeof body !== 'object') return;
    for (const field of sec30Fields) {
      const value = body[field];
      if (value === undefined) continue;
      const plain = typeof value === 'string' ? decryptSec30(value, now().getTime()) : null;
      if (plain === null)
        throw new AppError(Code.invalidInput, profileMessages.passwordEncrypted, {
          fields: [{ path: `body.${field}`, message: profileMessages.passwordEncrypted }],
        });
      body[field] = plain;
    }
  };
}
