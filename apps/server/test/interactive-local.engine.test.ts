import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bindReplies } from '@starlight/contract/hpc';
import type { ConnectSessionResult, Session } from '@starlight/contract/interactive';
import type { JobDetail } from '@starlight/contract/jobs';
import type { DatabaseHandle } from '../src/db/client';
import { interactiveSessions } from '../src/db/schema/interactive';
import { unixNameOf } from '../src/drivers/local-users/unix-users';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { bindOverSocket, call } from './hpc-helpers';
import { listenLocal, openSocket, runInKernel, waitForSession } from './interactive-helpers';

/*
 * Issue 14 on the embedded `local` scheduler, all real: Jupyter (Debian's jupyter-notebook) launched as a batch
 * job of the bound account, reached only through the console's proxy by its owner with our token, and by the
 * app only with the per-session secret. Run as root (CI and this machine are), the job runs as `sl-<account>`.
 */
const hasJupyter = existsSync('/usr/bin/jupyter-notebook');
if (!hasJupyter) {
  if (process.env.CI === 'true') throw new Error('interactive-local.engine.test.ts needs jupyter-notebook (scripts/services/interactive-up.sh)');
  console.warn('interactive-local.engine.test.ts skipped: jupyter-notebook is not installed');
}
const root = process.getuid?.() === 0;
if (!root) console.warn('interactive-local.engine.test.ts skipped: not root, so the local cluster is granted to nobody');
const prefix = process.env.STARLIGHT_TEST_UNIX_PREFIX ?? 'slt0-';

describe.runIf(hasJupyter && root)('Jupyter sessions on the local scheduler, through the proxy', () => {
  let t: TestApp;
  let database: DatabaseHandle;
  let dataDir: string;
  let origin: string;
  let alice: string; // demo-user, binds lab_demo_user
  let bob: string; // demo-bound, bound by the demo seed
  let session: Session;
  let connect: ConnectSessionResult;

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

  const proxied = (id: string, rest: string) => `http://${origin}/api/session/${id}/proxy/${rest}`;

  it('launches Jupyter as a job of the bound account and reports it running once the app answers the secret', async () => {
    const launched = await call<Session>(t.app, 'POST', '/session/sessions', alice, { app: 'jupyter', partition: 'local', cpus: 1, memory_mb: 512, hours: 1 });
    expect(launched.code, launched.info).toBe(200);
    expect(launched.spec.memory_mb).toBe(512);
    expect(['queued', 'starting', 'running']).toContain(launched.spec.state);
    session = await waitForSession(t.app, alice, launched.spec.id, 'running');
    expect(session).toMatchObject({ app: 'jupyter', cluster: 'local', node: os.hostname(), idle: false });
    expect(Date.parse(session.ends_at!) - Date.parse(session.started_at!)).toBe(60 * 60_000);
    const reply = await t.app.inject({ method: 'POST', url: `/api/session/${session.id}/connect`, headers: { 'bihu-token': alice } });
    connect = reply.json<{ spec: ConnectSessionResult }>().spec;
    expect(connect.url).toBe(`/api/session/${session.id}/proxy/tree?token=${connect.secret}`);
    // the cookie that carries our token to the proxy path: this session's path only, not for script, not cross-site
    expect(reply.headers['set-cookie']).toBe(`sl_proxy=${encodeURIComponent(alice)}; Path=/api/session/${session.id}/proxy/; HttpOnly; SameSite=Strict`);
  });

  it("creates a notebook and runs a cell through the proxy as the account's Unix user", async () => {
    const headers = { 'bihu-token': alice, authorization: `token ${connect.secret}`, 'content-type': 'application/json' };
    const created = await fetch(proxied(session.id, 'api/contents'), { method: 'POST', headers, body: JSON.stringify({ type: 'notebook' }) });
    expect(created.status).toBe(201);
    const notebook = (await created.json()) as { path: string };
    expect(notebook.path).toMatch(/\.ipynb$/);
    expect(existsSync(path.join(dataDir, 'homes', 'lab_demo_user', notebook.path))).toBe(true);
    // the app's page arrives without the console's strict CSP (its inline scripts need its own policy)
    const page = await fetch(proxied(session.id, `notebooks/${notebook.path}`), { headers: { cookie: `sl_proxy=${alice}; _ignored=1`, authorization: `token ${connect.secret}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy') ?? '').not.toContain("script-src 'self'");
    expect(await page.text()).toContain(`/api/session/${session.id}/proxy/static/`);
    const kernel = (await (await fetch(proxied(session.id, 'api/kernels'), { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const opened = await openSocket(proxied(session.id, `api/kernels/${kernel.id}/channels?token=${connect.secret}`).replace('http:', 'ws:'), { 'bihu-token': alice, origin: `http://${origin}` });
    if (!('ws' in opened)) throw new Error(`kernel socket refused: ${opened.status} ${opened.body}`);
    const printed = await runInKernel(opened.ws, 'import getpass; print(getpass.getuser())');
    opened.ws.close();
    expect(printed.trim()).toBe(unixNameOf(prefix, 'lab_demo_user'));
  });

  it("refuses another user's token, a missing token and an oversized header, over HTTP and websockets", async () => {
    const status = proxied(session.id, 'api/status');
    const asBob = await fetch(status, { headers: { 'bihu-token': bob, authorization: `token ${connect.secret}` } });
    expect(asBob.status).toBe(404);
    expect(((await asBob.json()) as { code: number }).code).toBe(1404);
    const anonymous = await fetch(status, { headers: { authorization: `token ${connect.secret}` } });
    expect(((await anonymous.json()) as { code: number }).code).toBe(1300);
    const ws = proxied(session.id, `api/kernels?token=${connect.secret}`).replace('http:', 'ws:');
    const bobSocket = await openSocket(ws, { 'bihu-token': bob });
    expect('status' in bobSocket && bobSocket.status).toBe(404);
    const bobCookie = await openSocket(ws, { cookie: `sl_proxy=${bob}` });
    expect('status' in bobCookie && bobCookie.status).toBe(404);
    const noToken = await openSocket(ws, {});
    expect('status' in noToken && noToken.status).toBe(401);
    // our limit on what is passed on, then Node's own on any request
    const big = await fetch(status, { headers: { 'bihu-token': alice, 'x-filler': 'a'.repeat(9000) } });
    expect(((await big.json()) as { code: number }).code).toBe(1400);
    const huge = await fetch(status, { headers: { 'bihu-token': alice, 'x-filler': 'a'.repeat(20_000) } });
    expect(huge.status).toBe(431);
    // the app itself still demands its secret: our token alone is not enough
    expect((await fetch(status, { headers: { 'bihu-token': alice } })).status).toBe(403);
  });

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
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' }, database });
    origin = await listenLocal(t.app);
    const after = await call<Session>(t.app, 'GET', `/session/${session.id}`, alice);
    expect(after.spec).toMatchObject({ state: 'running', job_id: session.job_id, node: os.hostname() });
    const status = await fetch(proxied(session.id, 'api/status'), { headers: { 'bihu-token': alice, authorization: `token ${connect.secret}` } });
    expect(status.status).toBe(200);
    const headers = { 'bihu-token': alice, authorization: `token ${connect.secret}`, 'content-type': 'application/json' };
    const kernel = (await (await fetch(proxied(session.id, 'api/kernels'), { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const opened = await openSocket(proxied(session.id, `api/kernels/${kernel.id}/channels?token=${connect.secret}`).replace('http:', 'ws:'), { 'bihu-token': alice, origin: `http://${origin}` });
    if (!('ws' in opened)) throw new Error(`kernel socket refused after the restart: ${opened.status} ${opened.body}`);
    expect((await runInKernel(opened.ws, 'print(6 * 7)')).trim()).toBe('42');
    opened.ws.close();
    // still its owner's only
    expect((await fetch(proxied(session.id, 'api/status'), { headers: { 'bihu-token': bob, authorization: `token ${connect.secret}` } })).status).toBe(404);
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
      const refused = await call(t.app, 'GET', `/session/${id}/proxy/api/status`, alice);
      expect(refused.code).toBe(1409);
      expect(existsSync(path.join(home, folder, 'connection.json'))).toBe(true);
      await call(t.app, 'DELETE', `/session/${id}`, alice);
    }
  });

  it('refuses the proxy once the session is past its time limit, and ends it (job cancelled) on delete', async () => {
    // no traffic through the proxy for longer than the idle time (60 min): the card offers to end it
    await database.db.update(interactiveSessions).set({ lastActivityAt: new Date(Date.now() - 61 * 60_000) }).where(eq(interactiveSessions.id, session.id));
    const alive = await call<Session>(t.app, 'GET', `/session/${session.id}`, alice);
    expect(alive.spec.idle).toBe(true);
    await database.db.update(interactiveSessions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(interactiveSessions.id, session.id));
    const late = await call(t.app, 'GET', `/session/${session.id}/proxy/api/status`, alice);
    expect(late.code).toBe(1409);
    expect(late.info).toContain('past its time limit');
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
    expect((await call(t.app, 'GET', `/session/${again.spec.id}/proxy/api/status`, alice)).code).toBe(1409);
    // the job's output stays readable from the card
    const output = await call<{ stdout: string | null }>(t.app, 'GET', `/session/${again.spec.id}/output`, alice);
    expect(output.spec.stdout).toContain('starlight: Jupyter on');
  });

  it('writes the connection file readable by the account only', async () => {
    const file = path.join(dataDir, 'homes', 'lab_demo_user', session.folder, 'connection.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
