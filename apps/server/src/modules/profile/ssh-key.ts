import { createHash } from 'node:crypto';
// ssh2 is CommonJS: `utils` is not a named export Node's ESM loader can see (Client is)
import ssh2 from 'ssh2';
import { profileMessages } from '@starlight/contract/profile';

export interface ParsedPublicKey {
  type: string;
  fingerprint: string;
  comment: string;
  /** `type base64 comment`, re-serialised from the parsed key (no stray options or whitespace). */
  line: string;
}

const openSshPublic = /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) AAAA[A-Za-z0-9+/]+={0,3}( [^\r\n]*)?$/;

/**
 * One OpenSSH public key line, parsed by ssh2's `utils.parseKey`, or the reason it is refused:
 * a private key, DSA (disabled by OpenSSH since 7.0), anything else that is not a single public key.
 */
export function parsePublicKey(text: string): ParsedPublicKey | { problem: string } {
  const trimmed = text.trim();
  if (/PRIVATE KEY/.test(trimmed)) return { problem: profileMessages.keyPrivate };
  if (!openSshPublic.test(trimmed)) return { problem: profileMessages.keyInvalid };
  const parsed = ssh2.utils.parseKey(trimmed);
  if (parsed instanceof Error || Array.isArray(parsed)) return { problem: profileMessages.keyInvalid };
  if (parsed.isPrivateKey()) return { problem: profileMessages.keyPrivate };
  const blob = parsed.getPublicSSH();
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  const comment = parsed.comment.slice(0, 200);
  return { type: parsed.type, fingerprint, comment, line: `${parsed.type} ${blob.toString('base64')}${comment ? ` ${comment}` : ''}` };
}
