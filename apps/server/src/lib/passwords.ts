import { hash, verify } from '@node-rs/argon2';
import { newPassword } from './secrets';

/** argon2id is the library's default algorithm (its const enum cannot be imported under verbatimModuleSyntax). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a refusal, not a crash
  }
}

let dummyHash: Promise<string> | undefined;

/** Verifies against a throw-away hash so an unknown user costs the same time as a wrong password. */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(newPassword());
  await verifyPassword(await dummyHash, password);
  return false;
}
