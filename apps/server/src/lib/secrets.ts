import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A bearer token: 256 random bits, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const lower = 'abcdefghijkmnpqrstuvwxyz';
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';

/**
 * A one-time password that passes the spec's password rule (8–20 characters with a digit,
 * a lower- and an upper-case letter); look-alike characters are left out so it can be typed.
 */
export function newPassword(length = 16): string {
  const all = lower + upper + digits;
  const pick = (set: string): string => set.charAt(randomInt(set.length));
  const chars = [pick(lower), pick(upper), pick(digits)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
