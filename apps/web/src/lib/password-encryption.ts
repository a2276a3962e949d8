import { sec30, sec30Fields, sec30Window } from '@starlight/contract/sec30';

/** The build option (spec §5): VITE_STARLIGHT_PASSWORD_ENCRYPTION=SEC30 sends password fields encrypted. */
export const passwordEncryption: 'SEC30' | 'none' = import.meta.env.VITE_STARLIGHT_PASSWORD_ENCRYPTION === sec30.mode ? 'SEC30' : 'none';

const toBase64 = (bytes: Uint8Array): string => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};

/**
 * AES-256-GCM with WebCrypto: key = SHA-256(label + 30-second window), random 12-byte IV, answer
 * base64(iv ‖ ciphertext ‖ tag) — what the server's lib/sec30 decrypts. Transport obfuscation on
 * top of TLS (anyone holding this code derives the key), not a secret.
 */
export async function encryptSec30(plain: string, epochMs = Date.now()): Promise<string> {
  const encoder = new TextEncoder();
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${sec30.keyLabel}${sec30Window(epochMs)}`));
  const key = await crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(sec30.ivBytes));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, tagLength: sec30.tagBytes * 8 }, key, encoder.encode(plain)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

/** The body with its password fields encrypted when the build says SEC30; unchanged otherwise. */
export async function sealPasswords<T extends object>(body: T, mode: 'SEC30' | 'none' = passwordEncryption): Promise<T> {
  if (mode !== 'SEC30') return body;
  const sealed = { ...body } as Record<string, unknown>;
  for (const field of sec30Fields) {
    const value = sealed[field];
    if (typeof value === 'string') sealed[field] = await encryptSec30(value);
  }
  return sealed as T;
}
