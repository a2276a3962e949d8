import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Code } from '@starlight/contract/codes';
import { SchedulerError } from '../scheduler-error';

/** Where the cluster's HS256 key comes from (per cluster, server-side only, never sent to a browser). */
export type SlurmJwtKeySource = { file: string } | { base64: string };

/**
 * The raw key bytes, as slurmctld reads them from `AuthAltParameters=jwt_key=`. A missing key is a
 * server misconfiguration (1500); errors name the file, never the key.
 */
export async function loadJwtKey(source: SlurmJwtKeySource): Promise<Buffer> {
  let key: Buffer;
  if ('file' in source) {
    try {
      key = await readFile(source.file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new SchedulerError(Code.internal, `cannot read the Slurm JWT key file ${source.file}: ${reason}`);
    }
  } else key = Buffer.from(source.base64, 'base64');
  if (key.length < 16) throw new SchedulerError(Code.internal, 'the Slurm JWT key is shorter than 16 bytes');
  return key;
}

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The token slurmrestd passes on to slurmctld and slurmdbd: `sun` is the system account the call
 * acts as, and Slurm checks every request as that account.
 */
export function signSlurmJwt(key: Buffer, sun: string, lifetimeSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ exp: iat + lifetimeSeconds, iat, sun })}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}
