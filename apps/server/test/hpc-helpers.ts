import type { Envelope } from '@starlight/contract/envelope';
import type { Job } from '@starlight/contract/jobs';
import type { List } from '@starlight/contract/envelope';
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

export async function call<T = unknown>(app: App, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, token: string, payload?: unknown): Promise<Envelope<T>> {
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
