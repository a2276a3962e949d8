import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The login node is pinned by its host key's SHA-256 fingerprint, OpenSSH's own notation, so an
 * admin can paste what `ssh-keygen -lf` prints. Any other key ends the handshake before the service
 * key is offered.
 */
const bare = (fingerprint: string): string => fingerprint.replace(/^SHA256:/, '').replace(/=+$/, '');

export const fingerprintOf = (key: Buffer): string => createHash('sha256').update(key).digest('base64').replace(/=+$/, '');

export function hostKeyMatches(expected: string, key: Buffer): boolean {
  const a = Buffer.from(bare(expected));
  const b = Buffer.from(fingerprintOf(key));
  return a.length === b.length && timingSafeEqual(a, b);
}
