import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interactiveSessions } from '../src/db/schema/interactive';
import { api, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { insertRunningSession } from './interactive-helpers';

/*
 * The interactive sessions' bad input, without running any app: refusals happen before a job is submitted
 * (fields, app, partition, binding) or before the proxy connects (owner, state, token). Runs everywhere.
 */
describe('interactive sessions: bad input', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: string; // demo-bound, bound to demo_lab_bound
  let unbound: string; // demo-user
  let other: string; // demo-gadmin, bound too
  const id = crypto.randomUUID();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-sessions-api-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' }, isRoot: false });
    [owner, unbound, other] = await Promise.all([login(t.app, 'demo-bound', demoPassword), login(t.app, 'demo-user', demoPassword), login(t.app, 'demo-gadmin', demoPassword)]);
    // a running session of demo-bound's, as the launch would have recorded it
    await insertRunningSession(t.database.db, { id, jobId: '999999', port: 9 });
  }, 180_000);
  afterAll(async () => {
    await stopTestApp(t);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a launch with bad fields, an unknown app or partition, or without a bound account', async () => {
    const launch = (token: string, body: object) => call(t.app, 'POST', '/session/sessions', token, body);
    const fieldsOf = (spec: unknown) => (spec as { fields: { path: string }[] }).fields.map((f) => f.path);
    const badResolution = await launch(owner, { app: 'desktop', partition: 'local', fields: { resolution: '99999x99999' } });
    expect(badResolution.code).toBe(1400);
    expect(fieldsOf(badResolution.spec)).toEqual(['body.fields.resolution']);
    const injected = await launch(owner, { app: 'jupyter', partition: 'local', fields: { extra: '$(reboot)' } });
    expect(injected.code).toBe(1400);
    const unknownApp = await launch(owner, { app: 'rstudio', partition: 'local' });
    expect(unknownApp.code).toBe(1400);
    expect(fieldsOf(unknownApp.spec)).toContain('body.app');
    const hours = await launch(owner, { app: 'jupyter', partition: 'local', hours: 1000 });
    expect(fieldsOf(hours.spec)).toContain('body.hours');
    const partition = await launch(owner, { app: 'jupyter', partition: 'nowhere' });
    expect(partition.code).toBe(1400);
    expect(fieldsOf(partition.spec)).toContain('body.partition');
    expect((await launch(unbound, { app: 'jupyter', partition: 'local' })).code).toBe(1403);
  });

  it("validates an app's own fields against its definition, naming the field, before anything is submitted", async () => {
    const launch = (fields: object, app = 'jupyter') => call(t.app, 'POST', '/session/sessions', owner, { app, partition: 'local', fields });
    const refused = async (fields: object, app?: string) => {
      const reply = await launch(fields, app);
      expect(reply.code, JSON.stringify(fields)).toBe(1400);
      return (reply.spec as { fields: { path: string; message: string }[] }).fields;
    };
    // control characters: newline, carriage return, tab, escape, NUL, DEL, a C1 one
    for (const bad of ['/opt\n$(id)', '/opt\r', 'a\tb', '\u001b[31m', 'a\u0000b', 'a\u007f', 'a\u0085']) {
      expect(await refused({ python_path: bad })).toEqual([{ path: 'body.fields.python_path', message: expect.stringMatching(/control characters/i) }]);
    }
    expect((await refused({ python_path: 'x'.repeat(513) }))[0]).toMatchObject({ path: 'body.fields.python_path', message: 'at most 512 characters' });
    expect((await refused({ python_path: 42 }))[0]).toMatchObject({ path: 'body.fields.python_path', message: 'expected a string' });
    expect((await refused({ resolution: '1280x800' }))[0]).toMatchObject({ path: 'body.fields.resolution', message: 'this app has no such field' });
    expect((await refused({ resolution: '1280x800; reboot' }, 'desktop'))[0]).toMatchObject({ path: 'body.fields.resolution', message: expect.stringContaining('one of 1024x768') });
    // nothing was recorded (only the seeded session is demo-bound's)
    expect((await call<{ total: number }>(t.app, 'GET', '/session/sessions', owner)).spec.total).toBe(1);
  });

  it('lists the interactive apps as apps of kind interactive, with their card and form fields', async () => {
    const apps = await call<{ id: string; kind: string; title: string; icon: string; labels: string[]; fields: { name: string; kind: string }[] }[]>(t.app, 'GET', '/session/apps', owner);
    expect(apps.code).toBe(200);
    expect(apps.spec.map((a) => [a.id, a.kind])).toEqual([
      ['jupyter', 'interactive'],
      ['desktop', 'interactive'],
    ]);
    expect(apps.spec[0]).toMatchObject({ title: 'Jupyter Notebook', icon: expect.any(String), labels: expect.arrayContaining(['python']), fields: [{ name: 'python_path', kind: 'text', max_length: 512 }] });
    expect(apps.spec[1]!.fields).toEqual([expect.objectContaining({ name: 'resolution', kind: 'select', default: '1280x800' })]);
  });

  it("answers another user's session id exactly as a missing one, on every call", async () => {
    for (const [method, suffix] of [['GET', ''], ['DELETE', ''], ['POST', '/connect'], ['POST', '/relaunch'], ['GET', '/output']] as const) {
      const theirs = await call(t.app, method, `/session/${id}${suffix}`, other);
      const missing = await call(t.app, method, `/session/${crypto.randomUUID()}${suffix}`, other);
      expect([theirs.code, theirs.info.replace(id, '<id>')], `${method} ${suffix}`).toEqual([1404, missing.info.replace(/[0-9a-f-]{36}/, '<id>')]);
    }
    expect((await call(t.app, 'GET', '/session/not-a-uuid', owner)).code).toBe(1400);
    // an unbound user has no sessions at all
    expect((await call(t.app, 'POST', `/session/${id}/connect`, unbound)).code).toBe(1403);
  });

  it('serves no app on the console origin, and refuses to connect to a session that is over', async () => {
    // the proxy lives on the session origin only: here there is no such path, whatever credential comes
    for (const headers of [{}, { 'bihu-token': owner }, { cookie: `sl_proxy=${owner}` }]) {
      const proxied = await t.app.inject({ url: api(`/session/${id}/proxy/api/status?token=abcdefgh`), headers });
      expect(proxied.statusCode).toBe(404);
      expect(proxied.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // a cookie is never the console's credential (an app of the session origin could make the browser send one)
    expect((await t.app.inject({ url: api('/user/user/self'), headers: { cookie: `sl_proxy=${owner}; sl_session=${owner}` } })).json<{ code: number }>().code).toBe(1300);
    await t.database.db.update(interactiveSessions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(interactiveSessions.id, id));
    const late = await call(t.app, 'POST', `/session/${id}/connect`, owner);
    // (its job is unknown to the scheduler, so it is also over: either way nothing is reached)
    expect(late.code).toBe(1409);
    expect((await call<{ state: string }>(t.app, 'GET', `/session/${id}`, owner)).spec.state).toBe('failed');
    // nothing to extend once it is over
    expect((await call(t.app, 'POST', `/session/${id}/extend`, owner, { hours: 1 })).code).toBe(1409);
    expect((await call(t.app, 'POST', `/session/${id}/extend`, owner, { hours: 0 })).code).toBe(1400);
  });
});
