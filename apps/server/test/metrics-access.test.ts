import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestApp, stopTestApp, testConfig, type TestApp } from './helpers';

const token = 'metrics-scrape-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { STARLIGHT_METRICS_TOKEN: token, STARLIGHT_METRICS_ALLOW: '127.0.0.1, ::1, 10.1.0.0/16' } });
});
afterAll(() => stopTestApp(t));

const scrape = (remoteAddress: string, authorization?: string) =>
  t.app.inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });

describe('/metrics is not public', () => {
  it('answers loopback and allow-listed ranges without the token', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.200.3']) {
      const reply = await scrape(address);
      expect(reply.statusCode, address).toBe(200);
      expect(reply.body).toContain('process_cpu_user_seconds_total');
    }
  });

  it('refuses other addresses with 1403, also with a wrong token, and answers them with the right one', async () => {
    for (const [address, auth] of [['203.0.113.9', undefined], ['10.2.0.1', undefined], ['203.0.113.9', 'Bearer wrong-token-wrong-token'], ['203.0.113.9', token]] as const) {
      const reply = await scrape(address, auth);
      expect(reply.statusCode, `${address} ${auth}`).toBe(403);
      expect(body(reply).code).toBe(1403);
      expect(reply.body).not.toContain('http_request_duration');
    }
    const reply = await scrape('203.0.113.9', `Bearer ${token}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('http_request_duration_seconds');
  });

  it('defaults to loopback only; `none` refuses every address; a bad entry stops start-up', async () => {
    expect(testConfig().metrics).toEqual({ token: null, allow: ['127.0.0.1', '::1'] });
    expect(testConfig({ STARLIGHT_METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
    expect(() => testConfig({ STARLIGHT_METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(() => testConfig({ STARLIGHT_METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
