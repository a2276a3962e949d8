import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorDashboard } from '@starlight/contract/monitor';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';

/** Issue 25: the external monitoring dashboard's address is a run-time setting, not a build-time one. */
let t: TestApp;
let admin: string;
let user: string; // demo-user: no keys

beforeAll(async () => {
  t = await startTestApp();
  admin = await login(t.app, 'admin', adminPassword);
  user = await login(t.app, 'demo-user', demoPassword);
});
afterAll(() => stopTestApp(t));

const get = (token: string) => t.app.inject({ method: 'GET', url: api('/monitor/dashboard'), headers: tokenHeader(token) });
const put = (token: string, payload: unknown) => t.app.inject({ method: 'PUT', url: api('/monitor/dashboard'), headers: tokenHeader(token), payload: payload as object });

describe('monitor dashboard setting', () => {
  it('is unset on a fresh install', async () => {
    const reply = await get(admin);
    expect(reply.statusCode).toBe(200);
    expect(body<MonitorDashboard>(reply).spec).toEqual({ url: null, updated_at: null });
  });

  it('is set by a monitoring administrator, read back, and audited', async () => {
    const reply = await put(admin, { url: 'https://grafana.example.org/d/cluster?orgId=1' });
    expect(reply.statusCode).toBe(200);
    expect(body<MonitorDashboard>(reply).spec.url).toBe('https://grafana.example.org/d/cluster?orgId=1');
    const read = body<MonitorDashboard>(await get(admin)).spec;
    expect(read.url).toBe('https://grafana.example.org/d/cluster?orgId=1');
    expect(Date.parse(read.updated_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const audit = await t.app.inject({ method: 'GET', url: api('/audit/events?field_eq_action=monitor_dashboard_change'), headers: tokenHeader(admin) });
    expect(audit.body).toContain('grafana.example.org');
  });

  it('refuses what is not an http(s) URL, naming body.url', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.org/', 'not a url', `https://example.org/${'x'.repeat(2000)}`]) {
      const reply = await put(admin, { url });
      expect(reply.statusCode, url.slice(0, 30)).toBe(400);
      const envelope = body(reply);
      expect(envelope.code).toBe(1400);
      expect(JSON.stringify(envelope.spec)).toContain('url');
    }
    expect(body<MonitorDashboard>(await get(admin)).spec.url).toBe('https://grafana.example.org/d/cluster?orgId=1');
  });

  it('is cleared with null', async () => {
    expect(body<MonitorDashboard>(await put(admin, { url: null })).spec).toEqual({ url: null, updated_at: null });
  });

  it('is neither read nor set without the keys (1403)', async () => {
    for (const reply of [await get(user), await put(user, { url: 'https://example.org/' })]) {
      expect(reply.statusCode).toBe(403);
      expect(body(reply).code).toBe(1403);
    }
  });
});
