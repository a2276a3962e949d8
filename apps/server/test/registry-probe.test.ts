import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call } from './admin-helpers';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';

/** Spec §7 POST /label/proxy/available: whether a registry address answers its /v2/ (10 s), for administrators. */
let t: TestApp;
let admin: string;
let user: string;
let registry: http.Server;
let notRegistry: http.Server;
const portOf = (s: http.Server) => (s.address() as AddressInfo).port;
const listen = (handler: http.RequestListener) =>
  new Promise<http.Server>((resolve) => {
    const s = http.createServer(handler);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  user = await login(t.app, 'demo-user', demoPassword);
  // a registry with token auth answers /v2/ with 401 and its challenge; any other web server does not
  registry = await listen((req, res) => {
    res.writeHead(req.url === '/v2/' ? 401 : 404, { 'www-authenticate': 'Bearer realm="x",service="y"' }).end();
  });
  notRegistry = await listen((_req, res) => res.writeHead(404).end('not here'));
});
afterAll(async () => {
  registry.close();
  notRegistry.close();
  await stopTestApp(t);
});

type Probe = { available: boolean; status: number | null; ms: number };

describe('POST /label/proxy/available', () => {
  it('says a registry answers, and another server or a closed port does not', async () => {
    const up = await call<Probe>(t, admin, 'POST', '/label/proxy/available', { address: `http://127.0.0.1:${portOf(registry)}` });
    expect(up).toMatchObject({ code: 200, spec: { available: true, status: 401 } });
    const other = await call<Probe>(t, admin, 'POST', '/label/proxy/available', { address: `http://127.0.0.1:${portOf(notRegistry)}` });
    expect(other.spec).toMatchObject({ available: false, status: 404 });
    const closedPort = portOf(notRegistry);
    await new Promise<void>((resolve) => notRegistry.close(() => resolve()));
    const closed = await call<Probe>(t, admin, 'POST', '/label/proxy/available', { address: `http://127.0.0.1:${closedPort}` });
    expect(closed.spec).toMatchObject({ available: false, status: null });
  });

  it('refuses a malformed address naming body.address, and callers without an admin key', async () => {
    const bad = await call<{ fields: { path: string }[] }>(t, admin, 'POST', '/label/proxy/available', { address: 'http://[' });
    expect(bad.code).toBe(1400);
    expect(bad.spec.fields.map((f) => f.path)).toEqual(['body.address']);
    expect((await call(t, admin, 'POST', '/label/proxy/available', {})).code).toBe(1400);
    expect((await call(t, user, 'POST', '/label/proxy/available', { address: `http://127.0.0.1:${portOf(registry)}` })).code).toBe(1403);
    expect((await call(t, null, 'POST', '/label/proxy/available', { address: '127.0.0.1' })).code).toBe(1300);
  });
});
