import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrors } from '../src/db/schema/system';
import { api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => stopTestApp(t));

const report = (payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: api('/log/client_error'), payload, headers, remoteAddress });

describe('health', () => {
  it('answers ok with the version, uptime and the database it checked', async () => {
    const envelope = body(await t.app.inject({ url: api('/health') }));
    expect(envelope).toMatchObject({
      code: 200,
      kind: 'health',
      spec: { status: 'ok', version: '0.1.0', database: process.env.STARLIGHT_TEST_PG ? 'postgres' : 'pglite' },
    });
  });
});

describe('client errors (spec §8)', () => {
  it("stores an uncaught client error with the caller's user id", async () => {
    const token = await login(t.app, 'demo-user', demoPassword);
    const envelope = body<{ id: number }>(
      await report({ message: 'TypeError: x is undefined', stack: 'at App (app.js:1:1)', url: 'http://127.0.0.1/job/myjobs' }, tokenHeader(token)),
    );
    expect(envelope).toMatchObject({ code: 200, kind: 'client_error' });
    const [row] = await t.database.db.select().from(clientErrors).where(eq(clientErrors.id, envelope.spec.id));
    expect(row).toMatchObject({ message: 'TypeError: x is undefined', url: 'http://127.0.0.1/job/myjobs', ip: '127.0.0.1' });
    expect(row?.userId).toEqual(expect.any(Number));
  });

  it('answers 1429 after 30 reports a minute from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push(body(await report({ message: `e${i}`, url: '/x' }, {}, '10.9.0.1')).code);
    expect(codes.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(codes[30]).toBe(1429);
    expect(body(await report({ message: 'e', url: '/x' }, {}, '10.9.0.2')).code).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('lists every registered route at /api/openapi.json', async () => {
    const document = (await t.app.inject({ url: api('/openapi.json') })).json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    // compared by shape: the document lists one template per path (`/user/groups/{name_or_id}` for the routes
    // `:name` and `:id`) and `DELETE /label/relation/app/` without its slash (the server answers both)
    const shape = (entry: string) => entry.replace(/\{\w+\}/g, '{}').replace(/(.)\/$/, '$1');
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => shape(`${method.toUpperCase()} ${path}`)),
    );
    const registered = t.app.routeAccessTable
      // @fastify/websocket hides websocket routes from OpenAPI (it cannot describe them)
      .filter((route) => route.method !== 'HEAD' && ![api('/user/bind_status'), api('/kcluster/partition_webssh/shell')].includes(route.url))
      // the OpenID provider's protocol endpoints are described by its discovery document (and CORS preflights by nothing)
      .filter((route) => route.method !== 'OPTIONS' && !route.url.startsWith(api('/oidc/')) && route.url !== api('/.well-known/openid-configuration'))
      // the registry gate forwards the OCI Distribution API (described by that specification, not by us)
      .filter((route) => route.url !== '/v2/*')
      .map((route) => shape(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`));
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
    expect(registered).toContain('PATCH /api/message/message/{}');
  });
});

describe('metrics', () => {
  it('answers Prometheus text with process metrics and request durations by route', async () => {
    await t.app.inject({ url: api('/health') });
    const reply = await t.app.inject({ url: '/metrics' });
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.body).toContain('process_cpu_user_seconds_total');
    expect(reply.body).toMatch(/http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} \d+/);
  });
});
