import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulerToken } from '@starlight/contract/scheduler';
import { api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp, randomTokenShape } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { STARLIGHT_LOG_LEVEL: 'silent' } });
});
afterAll(() => stopTestApp(t));

const issue = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: api('/scheduler/ui/token'), headers });

describe('POST /scheduler/ui/token (spec §7 Scheduler service)', () => {
  it("answers spec['Scheduler-Token'], which then authenticates scheduler calls on its own", async () => {
    const token = await login(t.app, 'demo-bound', demoPassword);
    const first = body<SchedulerToken>(await issue(tokenHeader(token)));
    expect(first).toMatchObject({ code: 200, kind: 'token' });
    const scheduler = first.spec['Scheduler-Token'];
    expect(scheduler).toMatch(randomTokenShape);
    expect(Date.parse(first.spec.expires_at) - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const renewed = body<SchedulerToken>(await issue({ 'scheduler-token': scheduler }));
    expect(renewed.code).toBe(200);
    expect(renewed.spec['Scheduler-Token']).not.toBe(scheduler);
  });

  it('is accepted only on scheduler calls, and ends with its session', async () => {
    const token = await login(t.app, 'demo-bound', demoPassword);
    const scheduler = body<SchedulerToken>(await issue(tokenHeader(token))).spec['Scheduler-Token'];
    expect(body(await t.app.inject({ url: api('/perm/permission'), headers: { 'scheduler-token': scheduler } })).code).toBe(1300);
    await t.app.inject({ method: 'POST', url: api('/keystone/logout'), headers: tokenHeader(token) });
    expect(body(await issue({ 'scheduler-token': scheduler })).code).toBe(1300);
    expect(body(await issue({ 'scheduler-token': 'not-a-token' })).code).toBe(1300);
  });
});
