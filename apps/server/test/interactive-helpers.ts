import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { Session } from '@starlight/contract/interactive';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import type { Database } from '../src/db/client';
import { clusters } from '../src/db/schema/hpc';
import { users } from '../src/db/schema/identity';
import { interactiveSessions } from '../src/db/schema/interactive';
import { call } from './hpc-helpers';

/** Listens on a free loopback port, and the session origin on another (as server.ts does), and answers the console's. */
export async function listenLocal(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  await app.sessionOrigin.listen('127.0.0.1', 0);
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** host:port of the session origin (after `listenLocal`). */
export const sessionOriginOf = (app: App) => `127.0.0.1:${app.sessionOrigin.port()}`;

/** POST /session/{id}/connect over a real socket (so the session origin is named for this host); its envelope. */
export async function connectOver(origin: string, token: string, id: string): Promise<{ code: number; info: string; spec: { url: string; secret: string } }> {
  return (await (await fetch(`http://${origin}/api/session/${id}/connect`, { method: 'POST', headers: { 'bihu-token': token } })).json()) as { code: number; info: string; spec: { url: string; secret: string } };
}

/** Opens the connect URL as a browser would (no redirect followed): the session origin's answer, and its cookie. */
export async function redeemTicket(url: string, headers: Record<string, string> = {}): Promise<{ status: number; location: string | null; setCookie: string | null; cookie: string; body: string }> {
  const reply = await fetch(url, { redirect: 'manual', headers });
  const setCookie = reply.headers.get('set-cookie');
  return { status: reply.status, location: reply.headers.get('location'), setCookie, cookie: setCookie?.split(';')[0] ?? '', body: await reply.text() };
}

/** Polls a session until it reaches `state` (or a final state, which fails the wait with its reason). */
export async function waitForSession(app: App, token: string, id: string, state: Session['state'], timeoutMs = 90_000): Promise<Session> {
  const until = Date.now() + timeoutMs;
  let last: Session | undefined;
  while (Date.now() < until) {
    const envelope = await call<Session>(app, 'GET', `/session/${id}`, token);
    last = envelope.spec;
    if (last?.state === state) return last;
    if (last && ['completed', 'failed', 'expired'].includes(last.state)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`session ${id} did not reach ${state} (last: ${JSON.stringify(last)})`);
}

/** Opens a websocket and resolves with it, or with the HTTP status that refused the upgrade. */
export function openSocket(url: string, headers: Record<string, string>): Promise<{ ws: WebSocket } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        // with this listener, ending the refused connection is ours to do
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    ws.on('error', reject);
  });
}

/** Runs `code` in a Jupyter kernel over its channels websocket and resolves with what it printed. */
export function runInKernel(ws: WebSocket, code: string, timeoutMs = 30_000): Promise<string> {
  const msgId = `m${Date.now()}`;
  const message = {
    header: { msg_id: msgId, username: 'test', session: 's1', msg_type: 'execute_request', version: '5.3', date: new Date().toISOString() },
    parent_header: {},
    metadata: {},
    content: { code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true },
    buffers: [],
    channel: 'shell',
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no result from the kernel; so far: ${out}`)), timeoutMs);
    ws.on('message', (data: Buffer) => {
      const reply = JSON.parse(data.toString()) as { msg_type: string; parent_header: { msg_id?: string }; content: { text?: string; execution_state?: string; ename?: string } };
      if (reply.parent_header.msg_id !== msgId) return;
      if (reply.msg_type === 'stream') out += reply.content.text ?? '';
      if (reply.msg_type === 'error') out += `error ${reply.content.ename}`;
      if (reply.msg_type === 'status' && reply.content.execution_state === 'idle') {
        clearTimeout(timer);
        resolve(out);
      }
    });
    ws.send(JSON.stringify(message));
  });
}

/** A running Jupyter session of demo-bound's on the local cluster, as the launch records it (port: where it answers). */
export async function insertRunningSession(db: Database, { id, jobId, port }: { id: string; jobId: string; port: number }): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'demo-bound'));
  const [cluster] = await db.select({ id: clusters.id }).from(clusters).where(eq(clusters.name, 'local'));
  await db.insert(interactiveSessions).values({
    id,
    userId: user!.id,
    clusterId: cluster!.id,
    account: 'demo_lab_bound',
    app: 'jupyter',
    partition: 'local',
    cpus: 1,
    hours: 1,
    jobId,
    state: 'running',
    folder: `.starlight/sessions/${id}`,
    host: '127.0.0.1',
    port,
    secret: 'abcdefgh',
    startedAt: new Date(),
    endsAt: new Date(Date.now() + 3_600_000),
  });
}
