import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { KeysRepo } from './keys.repo';

export interface ProviderKeys {
  /** The private signing JWK (RS256), with kid, alg and use. */
  signing: JWK;
  /** Cookie signing keys (newest first). */
  cookieKeys: string[];
  /** The signing key as a jose key, for token/v3. */
  signingKey: Awaited<ReturnType<typeof importJWK>>;
}

/**
 * Key material is made once, on the first start, and read from the database on every later start
 * and by every other instance: a restart never invalidates issued ID tokens or cookies.
 */
export async function loadProviderKeys(repo: KeysRepo): Promise<ProviderKeys> {
  const signing = ((await repo.find('signing')) ?? (await repo.insertOnce('signing', await newSigningJwk()))) as JWK;
  const cookieKeys = ((await repo.find('cookies')) ?? (await repo.insertOnce('cookies', [randomBytes(32).toString('base64url')]))) as string[];
  return { signing, cookieKeys, signingKey: await importJWK(signing, 'RS256') };
}

async function newSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}
