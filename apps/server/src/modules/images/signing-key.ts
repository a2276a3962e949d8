import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { libtrustKeyId, selfSignedCertificate } from './self-signed-cert';

export interface RegistryAccess {
  type: string;
  name: string;
  actions: string[];
}

/** The console's token key: made once in `<dataDir>/registry-token/`, its certificate is the registry's rootcertbundle. */
export interface SigningKey {
  certificatePath: string;
  /** The PEM certificate (made with the key on first use). */
  certificate(): Promise<string>;
  sign(claims: { subject: string; audience: string; access: RegistryAccess[] }, ttlSeconds: number): Promise<string>;
  /** The claims of a live token this key signed for `audience`, else null (the registry gate reads who pushes). */
  verify(token: string, audience: string): Promise<{ subject: string; access: RegistryAccess[] } | null>;
}

export const tokenIssuer = 'starlight';

/** Made on first use, so a console that never talks to a registry writes nothing. */
export function createSigningKey(dataDir: string, now: () => Date): SigningKey {
  const dir = path.join(dataDir, 'registry-token');
  const keyPath = path.join(dir, 'token-key.pem');
  const certificatePath = path.join(dir, 'token-cert.pem');
  let loaded: Promise<{ privateKey: KeyObject; certificate: string; keyId: string }> | undefined;
  const load = () => {
    loaded ??= (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      let privateKey: KeyObject;
      let certificate: string;
      try {
        privateKey = createPrivateKey(await readFile(keyPath, 'utf8'));
        certificate = await readFile(certificatePath, 'utf8');
      } catch {
        privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
        certificate = selfSignedCertificate(privateKey, 'starlight registry token issuer', now(), 3650);
        await writeFile(keyPath, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
        await writeFile(certificatePath, certificate, { mode: 0o644 });
      }
      return { privateKey, certificate, keyId: libtrustKeyId(createPublicKey(privateKey)) };
    })();
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  return {
    certificatePath,
    certificate: async () => (await load()).certificate,
    async sign({ subject, audience, access }, ttlSeconds) {
      const { privateKey, keyId } = await load();
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ access })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keyId })
        .setIssuer(tokenIssuer)
        .setSubject(subject)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setNotBefore(issuedAt - 5)
        .setExpirationTime(issuedAt + ttlSeconds)
        .setJti(crypto.randomUUID())
        .sign(privateKey);
    },
    async verify(token, audience) {
      const { privateKey } = await load();
      try {
        const { payload } = await jwtVerify(token, createPublicKey(privateKey), { issuer: tokenIssuer, audience, currentDate: now() });
        return { subject: payload.sub ?? '', access: Array.isArray(payload.access) ? (payload.access as RegistryAccess[]) : [] };
      } catch {
        return null;
      }
    },
  };
}
