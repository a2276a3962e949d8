import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@starlight/contract/statistics';
import { adminToken, call } from './admin-helpers';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let user: string;
const fields = (e: { spec: unknown }) => ((e.spec as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  user = await login(t.app, 'demo-user', demoPassword);
});
afterAll(() => stopTestApp(t));

describe('statistics reports', () => {
  it('counts today\'s real sign-ins from the audit service (no demo data)', async () => {
    const report = await call<Report>(t, admin, 'GET', `/statistics/report/active-users?start=${today}&end=${today}`);
    expect(report.code).toBe(200);
    const active = report.spec.charts.find((c) => c.id === 'activeUsers');
    // admin and demo-user signed in above
    expect(active?.series[0]?.data).toEqual([2]);
    const methods = report.spec.charts.find((c) => c.id === 'signInsByMethod');
    expect(methods?.series.find((s) => s.name === 'password:ok')?.data[0]).toBeGreaterThanOrEqual(2);
  });

  it('answers a generated year by day, week and month, the sums agreeing', async () => {
    expect((await call(t, user, 'POST', '/statistics/demo')).code).toBe(1403);
    const demo = await call<{ rows: number }>(t, admin, 'POST', '/statistics/demo');
    expect(demo.code).toBe(200);
    const total = async (group: string) => {
      const r = await call<Report>(t, admin, 'GET', `/statistics/report/resource?start=${daysAgo(365)}&end=${daysAgo(1)}&group_by=${group}`);
      expect(r.code).toBe(200);
      const chart = r.spec.charts.find((c) => c.id === 'coreHoursByCluster');
      return { buckets: chart?.buckets.length ?? 0, sum: chart?.series.flatMap((s) => s.data).reduce((a, b) => a + b, 0) ?? 0, report: r.spec };
    };
    const [day, week, month] = [await total('day'), await total('week'), await total('month')];
    expect(day.buckets).toBe(365);
    expect(week.buckets).toBeGreaterThanOrEqual(53);
    expect(month.buckets).toBeGreaterThanOrEqual(12);
    expect(Math.abs(day.sum - month.sum) / day.sum).toBeLessThan(0.001);
    expect(Math.abs(day.sum - week.sum) / day.sum).toBeLessThan(0.001);
    const utilisation = day.report.charts.find((c) => c.id === 'utilisation');
    expect(Math.max(...(utilisation?.series.flatMap((s) => s.data) ?? [0]))).toBeGreaterThan(0);
  });

  it('names the missing source of a report whose module has not landed', async () => {
    for (const name of ['workflow', 'approval', 'image', 'app', 'ticket']) {
      const r = await call<Report>(t, user, 'GET', `/statistics/report/${name}?start=${daysAgo(7)}&end=${today}`);
      expect(r.code, name).toBe(200);
      expect(r.spec.source_available).toBe(false);
      expect(r.spec.missing_source).toBeTruthy();
    }
  });

  it('refuses reversed and over-10-year ranges naming query.end, bad dates and missing keys', async () => {
    const reversed = await call(t, admin, 'GET', `/statistics/report/resource?start=${today}&end=${daysAgo(1)}`);
    expect(reversed.code).toBe(1400);
    expect(fields(reversed)).toEqual(['query.end']);
    expect(fields(await call(t, admin, 'GET', '/statistics/report/resource?start=2010-01-01&end=2021-01-01'))).toEqual(['query.end']);
    expect(fields(await call(t, admin, 'GET', `/statistics/report/resource?start=2024-02-30x&end=${today}`))).toEqual(['query.start']);
    expect(fields(await call(t, admin, 'GET', `/statistics/report/resource?start=${today}&end=${today}&group_by=year`))).toEqual(['query.group_by']);
    expect((await call(t, admin, 'GET', `/statistics/report/nope?start=${today}&end=${today}`)).code).toBe(1400);
    expect((await call(t, user, 'GET', `/statistics/report/resource?start=${today}&end=${today}`)).code).toBe(1403);
  });
});
