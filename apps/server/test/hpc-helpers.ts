import type { Envelope } from '@starlight/contract/envelope';
import type { Job } from '@starlight/contract/jobs';
import type { List } from '@starlight/contract/envelope';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../src/app';
import { api, body, tokenHeader } from './helpers';

/** One binding handshake (spec §4): a fresh uuid, then `name:uuid` over the socket; resolves with the reply text. */
export async function bindOverSocket(app: App, token: string, account: string, uuid?: string): Promise<string> {
  const fresh = uuid ?? (await getUuid(app, token));
  return socketExchange(app, token, `${account}:${fresh}`);
}

export async function getUuid(app: App, token: string): Promise<string> {
  const envelope = body<{ uuid: string }>(await app.inject({ url: api('/user/user_uuid'), headers: tokenHeader(token) }));
  if (envelope.code !== 200) throw new Error(`user_uuid: ${envelope.code} ${envelope.info}`);
  return envelope.spec.uuid;
}

export async function socketExchange(app: App, token: string, text: string, headers: Record<string, string> = {}): Promise<string> {
  const ws = await app.injectWS(api(`/user/bind_status?token=${encodeURIComponent(token)}`), { headers });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no reply on the bind socket')), 20_000);
    ws.on('message', (data: { toString(): string }) => {
      clearTimeout(timer);
      ws.terminate();
      resolve(data.toString());
    });
    ws.on('error', reject);
    ws.send(text);
  });
}

export async function call<T = unknown>(app: App, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, token: string, payload?: unknown): Promise<Envelope<T>> {
  const reply = await app.inject({ method, url: api(path), headers: tokenHeader(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return body<T>(reply);
}

/** Polls a job list until `done` holds for the job (the list is served from the synced copy). */
export async function waitForJob(app: App, token: string, listPath: string, jobId: string, done: (job: Job) => boolean, timeoutMs = 30_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  let last: Job | undefined;
  while (Date.now() < until) {
    const envelope = await call<List<Job>>(app, 'GET', `${listPath}?page_size=100`, token);
    last = envelope.spec.list?.find((job) => job.job_id === jobId);
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`job ${jobId} did not reach the expected state in ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

/** What `scripts/services-up.sh` exports for the suites on the real slurmrestd and the test sshd. */
export const slurmSshEnvNames = ['SLURMRESTD_URL', 'SLURM_JWT_KEY_FILE', 'STARLIGHT_TEST_SSH_HOST', 'STARLIGHT_TEST_SSH_PORT', 'STARLIGHT_TEST_SSH_KEY', 'STARLIGHT_TEST_SSH_HOSTKEY_SHA256'];

/** A `slurm` cluster's settings for that slurmrestd and sshd (account `research`); `ssh` adds to the ssh settings. */
export function realSlurmSettings(ssh: Record<string, unknown> = {}) {
  const env = process.env;
  return {
    rest_url: env.SLURMRESTD_URL,
    jwt_key_file: env.SLURM_JWT_KEY_FILE,
    default_account: 'research',
    ssh: {
      host: env.STARLIGHT_TEST_SSH_HOST,
      port: Number(env.STARLIGHT_TEST_SSH_PORT),
      host_key_sha256: env.STARLIGHT_TEST_SSH_HOSTKEY_SHA256,
      key_file: env.STARLIGHT_TEST_SSH_KEY,
      ...ssh,
    },
  };
}

const realSlurmLock = path.join(tmpdir(), 'starlight-real-slurm.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The real Slurm cluster, its associations and the test accounts' homes (the bind proof file) are shared by
 * every suite that uses them, while vitest runs files in parallel: such suites call this first inside their
 * describe, so they run one at a time (its afterAll, registered first, runs after the suite's own cleanup).
 * A holder that died leaves its folder behind with its pid; the next suite takes it over.
 */
export function holdRealSlurmDuringSuite(): void {
  let held = false;
  beforeAll(async () => {
    const deadline = Date.now() + 600_000;
    for (;;) {
      try {
        await mkdir(realSlurmLock);
        await writeFile(path.join(realSlurmLock, 'pid'), String(process.pid));
        held = true;
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number(await readFile(path.join(realSlurmLock, 'pid'), 'utf8').catch(() => '0'));
      if (holder > 0 && !alive(holder)) {
        await rm(realSlurmLock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`the real Slurm stayed held by pid ${holder} for 10 minutes (${realSlurmLock})`);
      await sleep(250);
    }
  }, 620_000);
  afterAll(async () => {
    if (held) await rm(realSlurmLock, { recursive: true, force: true });
  });
}
