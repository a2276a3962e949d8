import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { openTestDatabase, type TestDatabase } from './database';
import { demoPassword, login, startTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { connectOver, insertRunningSession, listenLocal, openSocket, redeemTicket, sessionOriginOf } from './interactive-helpers';

/*
 * Issue 24: two console instances on one PostgreSQL behind a balancer. The session origin's tickets and
 * cookies are in the database (and an ended session is told over the cluster bus), so whichever instance
 * the browser reaches honours what the other made. The app behind the session is a small HTTP + websocket
 * server standing in for Jupyter (the e2e `two-instances` project opens a real one); the subject here is the
 * instances' shared credentials on a real PostgreSQL. PostgreSQL only: PGlite is one process.
 */
const pgUrl = process.env.STARLIGHT_TEST_PG;
if (pgUrl === undefined && process.env.CI === 'true') throw new Error('the two-instance sessions suite needs STARLIGHT_TEST_PG in CI');
if (!pgUrl) console.warn('[interactive-instances] skipped: STARLIGHT_TEST_PG is not set (two instances need PostgreSQL)');

describe.skipIf(!pgUrl)('interactive sessions through two instances on one database', { timeout: 90_000 }, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let dataDir: string;
  let app: http.Server;
  let owner: string;
  let other: string;
  let consoleA: string;
  let consoleB: string;
  const id = crypto.randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-sessions-twins-'));
    const env = { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' };
    // each opens its own cluster bus on the database (LISTEN/NOTIFY), as a deployed instance does
    a = await startTestApp({ database, env });
    b = await startTestApp({ database, env });
    consoleA = await listenLocal(a.app);
    consoleB = await listenLocal(b.app);
    [owner, other] = await Promise.all([login(a.app, 'demo-bound', demoPassword), login(b.app, 'demo-gadmin', demoPassword)]);

    // the "app": answers every path with what it saw, and echoes websocket messages
    app = http.createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`app saw ${request.url} cookie=${request.headers.cookie ?? ''}`);
    });
    const sockets = new WebSocketServer({ server: app });
    sockets.on('connection', (ws) => ws.on('message', (data: Buffer) => ws.send(`echo ${data.toString()}`)));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));

    // a running session of demo-bound's as the launch records it, its job a real one of the local queue
    const job = await call<{ job_id: string }>(a.app, 'POST', '/job/jobs', owner, { partition: 'local', name: 'session-twins', script: 'sleep 300' });
    expect(job.code, job.info).toBe(200);
    await insertRunningSession(database.db, { id, jobId: job.spec.job_id, port: (app.address() as AddressInfo).port });
  }, 180_000);
  afterAll(async () => {
    await a.app.close().catch(() => undefined);
    await b.app.close().catch(() => undefined);
    await new Promise((resolve) => app.close(resolve));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The URL of a ticket made through `from`'s console, pointed at `to`'s session origin (a balancer's other backend). */
  const ticketVia = async (from: string, to: TestApp, token = owner): Promise<string> => {
    const made = await connectOver(from, token, id);
    expect(made.code, made.info).toBe(200);
    const url = new URL(made.spec.url);
    url.host = sessionOriginOf(to.app);
    return url.href;
  };
  const getVia = (to: TestApp, cookie: string, rest = 'api/contents') =>
    fetch(`http://${sessionOriginOf(to.app)}/session/${id}/proxy/${rest}`, { headers: { cookie } }).then(async (r) => ({ status: r.status, body: await r.text() }));

  it('redeems on B a ticket issued by A, once: the used ticket is refused on both', async () => {
    const url = await ticketVia(consoleA, b);
    const redeemed = await redeemTicket(url);
    expect(redeemed.status).toBe(303);
    expect(redeemed.location).toBe(`/session/${id}/proxy/tree?token=abcdefgh`);
    expect(redeemed.setCookie).toMatch(/^sl_session=[A-Za-z0-9_-]{43}; Path=\/session\/[0-9a-f-]+\/proxy\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    for (const instance of [b, a]) {
      const again = new URL(url);
      again.host = sessionOriginOf(instance.app);
      const refused = await redeemTicket(again.href);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 1300 });
    }
  });

  it('honours on A a cookie set through B, for HTTP and websockets; our cookie never reaches the app', async () => {
    const { cookie } = await redeemTicket(await ticketVia(consoleB, b));
    for (const instance of [a, b, a]) {
      const answer = await getVia(instance, cookie);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(`app saw /session/${id}/proxy/api/contents cookie=`);
    }
    const opened = await openSocket(`ws://${sessionOriginOf(a.app)}/session/${id}/proxy/api/kernels/k/channels`, { cookie });
    if (!('ws' in opened)) throw new Error(`upgrade refused: ${opened.status} ${opened.body}`);
    const reply = new Promise<string>((resolve) => opened.ws.once('message', (data: Buffer) => resolve(data.toString())));
    opened.ws.send('hello');
    expect(await reply).toBe('echo hello');
    opened.ws.close();
  });

  it("keeps the owner-only rule on every instance: another user's ticket and cookie reach nothing", async () => {
    // demo-gadmin cannot even get a ticket for demo-bound's session, through either console
    for (const at of [consoleA, consoleB]) expect((await connectOver(at, other, id)).code).toBe(1404);
    // a forged cookie, and no cookie: 1300 on both
    for (const instance of [a, b]) {
      expect((await getVia(instance, 'sl_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(401);
      expect((await getVia(instance, '')).status).toBe(401);
    }
    // the owner's cookie on another session's path: 1404 on both
    const { cookie } = await redeemTicket(await ticketVia(consoleA, a));
    for (const instance of [a, b]) {
      const answer = await fetch(`http://${sessionOriginOf(instance.app)}/session/${crypto.randomUUID()}/proxy/`, { headers: { cookie } });
      expect(answer.status).toBe(404);
    }
  });

  it('ends the session through A: B closes its open socket and refuses the cookie it had just read', async () => {
    const { cookie } = await redeemTicket(await ticketVia(consoleA, b));
    const unused = await ticketVia(consoleB, a);
    expect((await getVia(b, cookie)).status).toBe(200); // B has read the cookie now (and would trust it a while)
    const opened = await openSocket(`ws://${sessionOriginOf(b.app)}/session/${id}/proxy/api/kernels/k/channels`, { cookie });
    if (!('ws' in opened)) throw new Error(`upgrade refused: ${opened.status}`);
    const closed = new Promise<void>((resolve) => opened.ws.once('close', () => resolve()));

    const ended = await call<{ state: string }>(a.app, 'DELETE', `/session/${id}`, owner);
    expect(ended.spec.state).toBe('completed');
    await closed; // told over the cluster bus
    for (const instance of [b, a]) expect((await getVia(instance, cookie)).status).toBe(401);
    expect((await redeemTicket(unused)).status).toBe(401);
  });
});
