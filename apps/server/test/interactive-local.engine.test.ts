import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bindReplies } from '@starlight/contract/hpc';
import type { ConnectSessionResult, Session } from '@starlight/contract/interactive';
import type { JobDetail } from '@starlight/contract/jobs';
import type { DatabaseHandle } from '../src/db/client';
import { interactiveSessions } from '../src/db/schema/interactive';
import { demoPassword, login, startTestApp, stopTestApp, unixNameIn, type TestApp } from './helpers';
import { bindOverSocket, call } from './hpc-helpers';
import { connectOver, listenLocal, openSocket, redeemTicket, runInKernel, sessionOriginOf, waitForSession } from './interactive-helpers';

/*
 * Issue 14 on the embedded `local` scheduler, all real: Jupyter (Debian's jupyter-notebook) launched as a batch
 * job of the bound account, reached only through the session origin (a listener apart from the console's, so
 * a notebook's script never shares the console's origin) by its owner with a ticket-for-cookie swap, and by the
 * app only with the per-session secret. Run as root (CI and this machine are), the job runs as `sl-<account>`.
 */
const hasJupyter = existsSync('/usr/bin/jupyter-notebook');
if (!hasJupyter) {
  if (process.env.CI === 'true') throw new Error('interactive-local.engine.test.ts needs jupyter-notebook (scripts/services/interactive-up.sh)');
  console.warn('interactive-local.engine.test.ts skipped: jupyter-notebook is not installed');
}
const root = process.getuid?.() === 0;
if (!root) console.warn('interactive-local.engine.test.ts skipped: not root, so the local cluster is granted to nobody');

describe.runIf(hasJupyter && root)('Jupyter sessions on the local scheduler, through the proxy', () => {
  let t: TestApp;
  let database: DatabaseHandle;
  let dataDir: string;
  let origin: string;
  let alice: string; // demo-user, binds lab_demo_user
  let bob: string; // demo-bound, bound by the demo seed
  let session: Session;
  let connect: ConnectSessionResult;
  let cookie: string; // alice's session-origin cookie for `session`

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-sessions-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    database = t.database;
    origin = await listenLocal(t.app);
    [alice, bob] = await Promise.all([login(t.app, 'demo-user', demoPassword), login(t.app, 'demo-bound', demoPassword)]);
    expect(await bindOverSocket(t.app, alice, 'lab_demo_user')).toBe(bindReplies.bound);
  }, 180_000);
  afterAll(async () => {
    if (session) await call(t.app, 'DELETE', `/session/${session.id}`, alice).catch(() => undefined);
    await stopTestApp(t);
    await rm(dataDir, { recursive: true, force: true });
  });

  const proxied = (id: string, rest: string) => `http://${sessionOriginOf(t.app)}/session/${id}/proxy/${rest}`;

  it('launches Jupyter as a job of the bound account and reports it running once the app answers the secret', async () => {
    const launched = await call<Session>(t.app, 'POST', '/session/sessions', alice, { app: 'jupyter', partition: 'local', cpus: 1, memory_mb: 512, hours: 1 });
    expect(launched.code, launched.info).toBe(200);
    expect(launched.spec.memory_mb).toBe(512);
    expect(['queued', 'starting', 'running']).toContain(launched.spec.state);
    session = await waitForSession(t.app, alice, launched.spec.id, 'running');
    expect(session).toMatchObject({ app: 'jupyter', cluster: 'local', node: os.hostname(), idle: false });
    expect(Date.parse(session.ends_at!) - Date.parse(session.started_at!)).toBe(60 * 60_000);
    const reply = await fetch(`http://${origin}/api/session/${session.id}/connect`, { method: 'POST', headers: { 'bihu-token': alice } });
    // the console sets no cookie: the session origin makes its own from the ticket
    expect(reply.headers.get('set-cookie')).toBeNull();
    connect = ((await reply.json()) as { spec: ConnectSessionResult }).spec;
    // the console on 127.0.0.1, its sessions on localhost: another origin, and another host (cookies ignore ports)
    expect(connect.url).toMatch(new RegExp(`^http://localhost:${t.app.sessionOrigin.port()}/session/${session.id}/proxy/\\?ticket=[\\w-]{43}$`));
    // a console reached on a name with no configured session host connects nobody (1502, what to set)
    const unnamed = await t.app.inject({ method: 'POST', url: `/api/session/${session.id}/connect`, headers: { 'bihu-token': alice, host: 'console.example' } });
    expect(unnamed.json<{ code: number; info: string }>()).toMatchObject({ code: 1502, info: expect.stringContaining('STARLIGHT_SESSION_PUBLIC_URL') });
    const opened = await redeemTicket(connect.url);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe(`/session/${session.id}/proxy/tree?token=${connect.secret}`);
    // the session origin's cookie: this session's path only, not for script; an opaque value, not a console token
    expect(opened.setCookie).toMatch(new RegExp(`^sl_session=[\\w-]{43}; Path=/session/${session.id}/proxy/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    expect(opened.cookie).not.toContain(alice);
    cookie = opened.cookie;
  });

  it('spends a ticket once, and takes no console token on the session origin nor a session cookie on the console', async () => {
    const again = await redeemTicket(connect.url);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ code: 1300 });
    expect(again.setCookie).toBeNull();
    // what a notebook's script could do from the session origin: its requests carry the session cookie
    const self = await fetch(`http://${origin}/api/user/user/self`, { headers: { cookie, origin: `http://${sessionOriginOf(t.app)}` } });
    expect(((await self.json()) as { code: number }).code).toBe(1300);
    const sameOrigin = await fetch(`http://${sessionOriginOf(t.app)}/api/user/user/self`, { headers: { cookie } });
    expect(sameOrigin.status).toBe(404);
    // the console's API has no proxy path any more, even with its own token
    expect((await fetch(`http://${origin}/api/session/${session.id}/proxy/api/status`, { headers: { 'bihu-token': alice, authorization: `token ${connect.secret}` } })).status).toBe(404);
    // the console's token is refused on the session origin, alone or beside a good cookie, HTTP and websocket
    const status = proxied(session.id, 'api/status');
    for (const headers of [{ 'bihu-token': alice }, { 'bihu-token': alice, cookie }] as Record<string, string>[]) {
      const refused = await fetch(status, { headers: { ...headers, authorization: `token ${connect.secret}` } });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { code: number }).code).toBe(1300);
    }
    const socket = await openSocket(proxied(session.id, `api/kernels?token=${connect.secret}`).replace('http:', 'ws:'), { 'bihu-token': alice });
    expect('status' in socket && socket.status).toBe(401);
  });

  it("creates a notebook and runs a cell through the proxy as the account's Unix user", async () => {
    const headers = { cookie, authorization: `token ${connect.secret}`, 'content-type': 'application/json' };
    const created = await fetch(proxied(session.id, 'api/contents'), { method: 'POST', headers, body: JSON.stringify({ type: 'notebook' }) });
    expect(created.status).toBe(201);
    const notebook = (await created.json()) as { path: string };
    expect(notebook.path).toMatch(/\.ipynb$/);
    expect(existsSync(path.join(dataDir, 'homes', 'lab_demo_user', notebook.path))).toBe(true);
    // the app's page comes with its own policy (its inline scripts), on its own origin
    const page = await fetch(proxied(session.id, `notebooks/${notebook.path}`), { headers: { cookie: `${cookie}; _ignored=1`, authorization: `token ${connect.secret}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy') ?? '').not.toContain("script-src 'self'");
    expect(await page.text()).toContain(`/session/${session.id}/proxy/static/`);
    const kernel = (await (await fetch(proxied(session.id, 'api/kernels'), { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const opened = await openSocket(proxied(session.id, `api/kernels/${kernel.id}/channels?token=${connect.secret}`).replace('http:', 'ws:'), { cookie, origin: `http://${sessionOriginOf(t.app)}` });
    if (!('ws' in opened)) throw new Error(`kernel socket refused: ${opened.status} ${opened.body}`);
    const printed = await runInKernel(opened.ws, 'import getpass; print(getpass.getuser())');
    opened.ws.close();
    expect(printed.trim()).toBe(await unixNameIn(dataDir, 'lab_demo_user'));
  });

  it("refuses another user's ticket and cookie, no cookie and an oversized header, over HTTP and websockets", async () => {
    // bob's own running session (a row beside alice's, the same Jupyter): his ticket and cookie are real ones
    const bobId = (await call<{ id: number }>(t.app, 'GET', '/user/user/self', bob)).spec.id;
    const bobSession = crypto.randomUUID();
    const [row] = await database.db.select().from(interactiveSessions).where(eq(interactiveSessions.id, session.id));
    await database.db.insert(interactiveSessions).values({ ...row!, id: bobSession, userId: bobId });
    // bob cannot have a ticket for alice's session at all
    expect((await connectOver(origin, bob, session.id)).code).toBe(1404);
    const bobConnect = await connectOver(origin, bob, bobSession);
    expect(bobConnect.code, bobConnect.info).toBe(200);
    const bobTicket = new URL(bobConnect.spec.url).searchParams.get('ticket')!;
    const status = proxied(session.id, 'api/status');
    // his ticket on alice's session path: refused (and spent)
    const withTicket = await redeemTicket(`${proxied(session.id, '')}?ticket=${bobTicket}`);
    expect(withTicket.status).toBe(404);
    expect(JSON.parse(withTicket.body)).toMatchObject({ code: 1404 });
    const bobCookie = (await redeemTicket((await connectOver(origin, bob, bobSession)).spec.url)).cookie;
    expect(bobCookie).toMatch(/^sl_session=/);
    const asBob = await fetch(status, { headers: { cookie: bobCookie, authorization: `token ${connect.secret}` } });
    expect(asBob.status).toBe(404);
    expect(((await asBob.json()) as { code: number }).code).toBe(1404);
    const anonymous = await fetch(status, { headers: { authorization: `token ${connect.secret}` } });
    expect(((await anonymous.json()) as { code: number }).code).toBe(1300);
    const ws = proxied(session.id, `api/kernels?token=${connect.secret}`).replace('http:', 'ws:');
    const bobSocket = await openSocket(ws, { cookie: bobCookie });
    expect('status' in bobSocket && bobSocket.status).toBe(404);
    const bobTicketSocket = await openSocket(`${ws}&ticket=${new URL((await connectOver(origin, bob, bobSession)).spec.url).searchParams.get('ticket')}`, {});
    expect('status' in bobTicketSocket && bobTicketSocket.status).toBe(404);
    const noCookie = await openSocket(ws, {});
    expect('status' in noCookie && noCookie.status).toBe(401);
    // our limit on what is passed on, then Node's own on any request
    const big = await fetch(status, { headers: { cookie, 'x-filler': 'a'.repeat(9000) } });
    expect(((await big.json()) as { code: number }).code).toBe(1400);
    const huge = await fetch(status, { headers: { cookie, 'x-filler': 'a'.repeat(20_000) } });
    expect(huge.status).toBe(431);
    // the app itself still demands its secret: our cookie alone is not enough
    expect((await fetch(status, { headers: { cookie } })).status).toBe(403);
    await database.db.delete(interactiveSessions).where(eq(interactiveSessions.id, bobSession));
  });

  it('streams a 200 MB download from Jupyter through the proxy without holding it in memory, with backpressure', async () => {
    const size = 200 * 1024 * 1024;
    const file = path.join(dataDir, 'homes', 'lab_demo_user', 'stream-200mb.bin');
    writeFileSync(file, Buffer.alloc(size, 7));
    chmodSync(file, 0o644);
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    try {
      gc();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
      const url = new URL(proxied(session.id, `files/stream-200mb.bin?token=${connect.secret}`));
      let held = Number.NaN;
      const bytes = await new Promise<number>((resolve, reject) => {
        http
          .get(url, { headers: { cookie } }, (response) => {
            expect(response.statusCode).toBe(200);
            let count = 0;
            let paused = false;
            response.on('data', (chunk: Buffer) => {
              count += chunk.length;
              if (paused || count < 20 * 1024 * 1024) return;
              // a slow reader: for 3 s nothing is read. Without backpressure the proxy would go on reading
              // Jupyter's answer (tens of MB/s here) and hold it; with it, only the sockets' buffers fill
              paused = true;
              response.pause();
              setTimeout(() => {
                gc();
                held = process.memoryUsage().arrayBuffers - before.arrayBuffers;
                response.resume();
              }, 3000);
            });
            response.on('end', () => resolve(count));
            response.on('error', reject);
          })
          .on('error', reject);
      });
      clearInterval(sampler);
      expect(bytes).toBe(size);
      const mb = (n: number) => Math.round(n / 1024 / 1024);
      console.log(`200 MB through the proxy: held during a 3 s pause ${mb(held)} MB, rss +${mb(peakRss - before.rss)} MB at peak`);
      expect(Number.isNaN(held), 'the pause was measured').toBe(false);
      expect(held).toBeLessThan(32 * 1024 * 1024);
      expect(peakRss - before.rss).toBeLessThan(100 * 1024 * 1024);
    } finally {
      await rm(file, { force: true });
    }
  }, 120_000);

  it("reads idleness from Jupyter itself: a busy kernel is activity, traffic through the proxy is not", async () => {
    const headers = { cookie, authorization: `token ${connect.secret}`, 'content-type': 'application/json' };
    const kernel = (await (await fetch(proxied(session.id, 'api/kernels'), { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const opened = await openSocket(proxied(session.id, `api/kernels/${kernel.id}/channels?token=${connect.secret}`).replace('http:', 'ws:'), { cookie, origin: `http://${sessionOriginOf(t.app)}` });
    if (!('ws' in opened)) throw new Error(`kernel socket refused: ${opened.status} ${opened.body}`);
    // a long computation that prints nothing, the tab then closed
    void runInKernel(opened.ws, 'import time; time.sleep(40)', 60_000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 2000));
    opened.ws.close();
    // nothing through the proxy for longer than the idle time (60 min) as far as the console knows
    const longAgo = new Date(Date.now() - 61 * 60_000);
    await database.db.update(interactiveSessions).set({ lastActivityAt: longAgo }).where(eq(interactiveSessions.id, session.id));
    const busy = (await call<Session>(t.app, 'GET', `/session/${session.id}`, alice)).spec;
    expect(busy.idle).toBe(false);
    expect(Date.now() - Date.parse(busy.last_activity_at!)).toBeLessThan(60_000);
    // and proxy traffic alone (an open tab's static files) no longer marks the session active
    await database.db.update(interactiveSessions).set({ lastActivityAt: longAgo }).where(eq(interactiveSessions.id, session.id));
    for (let i = 0; i < 3; i++) expect((await fetch(proxied(session.id, 'static/base/images/favicon.ico'), { headers: { cookie } })).status).toBe(200);
    const [row] = await database.db.select().from(interactiveSessions).where(eq(interactiveSessions.id, session.id));
    expect(row!.lastActivityAt?.getTime()).toBe(longAgo.getTime());
    await fetch(proxied(session.id, `api/kernels/${kernel.id}`), { method: 'DELETE', headers });
  }, 90_000);

  it('extends a running session: its job time limit and its end move by the hours added, for its owner only', async () => {
    const before = (await call<Session>(t.app, 'GET', `/session/${session.id}`, alice)).spec;
    const extended = await call<Session>(t.app, 'POST', `/session/${session.id}/extend`, alice, { hours: 0.5 });
    expect(extended.code, extended.info).toBe(200);
    expect(Date.parse(extended.spec.ends_at!) - Date.parse(before.ends_at!)).toBe(30 * 60_000);
    expect((await call<JobDetail>(t.app, 'GET', `/job/job/local/${session.job_id}`, alice)).spec.time_limit_minutes).toBe(90);
    expect((await call(t.app, 'POST', `/session/${session.id}/extend`, bob, { hours: 0.5 })).code).toBe(1404);
    expect((await call(t.app, 'POST', `/session/${session.id}/extend`, alice, { hours: 100 })).code).toBe(1400);
  });

  it('keeps the session reachable, HTTP and websockets, across a restart of the console server', async () => {
    await t.app.close();
    // from here an app idle for a minute is offered to be ended (the last test waits for it)
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn', STARLIGHT_SESSION_IDLE_MINUTES: '1' }, database });
    origin = await listenLocal(t.app);
    const after = await call<Session>(t.app, 'GET', `/session/${session.id}`, alice);
    expect(after.spec).toMatchObject({ state: 'running', job_id: session.job_id, node: os.hostname() });
    // the session origin's cookies are in the database (issue 24): the one given before the restart still works
    expect((await fetch(proxied(session.id, 'api/status'), { headers: { cookie, authorization: `token ${connect.secret}` } })).status).toBe(200);
    // and connecting again gives a new ticket and a new cookie
    cookie = (await redeemTicket((await connectOver(origin, alice, session.id)).spec.url)).cookie;
    const status = await fetch(proxied(session.id, 'api/status'), { headers: { cookie, authorization: `token ${connect.secret}` } });
    expect(status.status).toBe(200);
    const headers = { cookie, authorization: `token ${connect.secret}`, 'content-type': 'application/json' };
    const kernel = (await (await fetch(proxied(session.id, 'api/kernels'), { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const opened = await openSocket(proxied(session.id, `api/kernels/${kernel.id}/channels?token=${connect.secret}`).replace('http:', 'ws:'), { cookie, origin: `http://${sessionOriginOf(t.app)}` });
    if (!('ws' in opened)) throw new Error(`kernel socket refused after the restart: ${opened.status} ${opened.body}`);
    expect((await runInKernel(opened.ws, 'print(6 * 7)')).trim()).toBe('42');
    opened.ws.close();
    // still its owner's only
    expect((await connectOver(origin, bob, session.id)).code).toBe(1404);
  });

  it('never trusts a connection file naming another host, or a port where no app answers the secret', async () => {
    const home = path.join(dataDir, 'homes', 'lab_demo_user');
    for (const [name, connection, reason] of [
      ['forged-host', { host: 'evil.example', port: 8888, secret: 'abcdefgh12' }, 'not trusted'],
      // the console itself on the right node: it does not answer as Jupyter with the secret
      ['forged-port', { host: os.hostname(), port: Number(origin.split(':')[1]), secret: 'abcdefgh12' }, 'no jupyter demanding'],
    ] as const) {
      const folder = `.starlight/sessions/${name}`;
      const job = await call<{ job_id: string }>(t.app, 'POST', '/job/jobs', alice, { partition: 'local', name, script: `#!/bin/bash\nmkdir -p ${folder}\necho '${JSON.stringify(connection)}' > ${folder}/connection.json\nsleep 120`, time_limit_minutes: 5 });
      expect(job.code, job.info).toBe(200);
      const id = crypto.randomUUID();
      const [row] = await database.db.select().from(interactiveSessions).where(eq(interactiveSessions.id, session.id));
      await database.db.insert(interactiveSessions).values({ ...row!, id, jobId: job.spec.job_id, state: 'queued', folder, host: null, port: null, secret: null, startedAt: null, endsAt: null });
      let seen: Session | undefined;
      for (let i = 0; i < 40 && !seen?.reason?.includes(reason); i++) {
        seen = (await call<Session>(t.app, 'GET', `/session/${id}`, alice)).spec;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(seen).toMatchObject({ state: 'starting' });
      expect(seen?.reason).toContain(reason);
      const refused = await call(t.app, 'POST', `/session/${id}/connect`, alice);
      expect(refused.code).toBe(1409);
      expect(existsSync(path.join(home, folder, 'connection.json'))).toBe(true);
      await call(t.app, 'DELETE', `/session/${id}`, alice);
    }
  });

  it('refuses the proxy once the session is past its time limit, and ends it (job cancelled) on delete', async () => {
    // Jupyter itself reports no activity for longer than the idle time (1 min since the restart), while an open
    // tab's requests for static files still pass through the proxy: the card offers to end it
    let alive = await call<Session>(t.app, 'GET', `/session/${session.id}`, alice);
    for (let i = 0; i < 60 && !alive.spec.idle; i++) {
      expect((await fetch(proxied(session.id, 'static/base/images/favicon.ico'), { headers: { cookie } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2000));
      alive = await call<Session>(t.app, 'GET', `/session/${session.id}`, alice);
    }
    expect(alive.spec.idle).toBe(true);
    expect(Date.now() - Date.parse(alive.spec.last_activity_at!)).toBeGreaterThan(60_000);
    await database.db.update(interactiveSessions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(interactiveSessions.id, session.id));
    const late = await call(t.app, 'POST', `/session/${session.id}/connect`, alice);
    expect(late.code).toBe(1409);
    expect(late.info).toContain('past its time limit');
    // a cookie given before reaches nothing either
    const lateProxy = await fetch(proxied(session.id, 'api/status'), { headers: { cookie, authorization: `token ${connect.secret}` } });
    expect(((await lateProxy.json()) as { code: number }).code).toBe(1409);
    expect(alive.spec.state).toBe('running');
    // a fresh launch to delete while it runs
    const again = await call<Session>(t.app, 'POST', `/session/${session.id}/relaunch`, alice);
    expect(again.code, again.info).toBe(200);
    expect(again.spec).toMatchObject({ app: 'jupyter', partition: 'local', cpus: 1, hours: 1 });
    await waitForSession(t.app, alice, again.spec.id, 'running');
    const ended = await call<Session>(t.app, 'DELETE', `/session/${again.spec.id}`, alice);
    expect(ended.spec.state).toBe('completed');
    let job: JobDetail | undefined;
    for (let i = 0; i < 40 && job?.state !== 'CANCELLED'; i++) {
      job = (await call<JobDetail>(t.app, 'GET', `/job/job/local/${again.spec.job_id}`, alice)).spec;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job?.state).toBe('CANCELLED');
    expect((await call(t.app, 'POST', `/session/${again.spec.id}/connect`, alice)).code).toBe(1409);
    // the job's output stays readable from the card
    const output = await call<{ stdout: string | null }>(t.app, 'GET', `/session/${again.spec.id}/output`, alice);
    expect(output.spec.stdout).toContain('starlight: Jupyter on');
  }, 240_000);

  it('writes the connection file readable by the account only', async () => {
    const file = path.join(dataDir, 'homes', 'lab_demo_user', session.folder, 'connection.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
