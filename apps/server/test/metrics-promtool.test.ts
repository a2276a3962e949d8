import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';

/*
 * Issue 24: the console's /metrics, as a real server answers it over HTTP, passes Prometheus's own linter
 * (`promtool check metrics`: Debian's prometheus package, scripts/services/prometheus-up.sh). Skipped with a
 * printed reason when promtool is absent, except under CI=true.
 */
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((file) => existsSync(file));
if (!promtool && process.env.CI === 'true') throw new Error('metrics-promtool.test.ts needs promtool in CI (scripts/services/prometheus-up.sh installs it)');
if (!promtool) console.warn('[metrics-promtool] skipped: promtool is not installed (bash scripts/services/prometheus-up.sh as root)');

function check(text: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(promtool!, ['check', 'metrics'], (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
    child.stdin!.end(text);
  });
}

describe.skipIf(!promtool)('/metrics passes promtool check metrics', () => {
  let t: TestApp;
  let address: string;
  beforeAll(async () => {
    t = await startTestApp();
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(() => stopTestApp(t));

  it('lints clean, with the request histogram and the console gauges present', async () => {
    // some traffic first, so that the histogram has series
    for (const path of ['/api/health', '/api/nowhere', '/api/user/user/self']) await fetch(`${address}${path}`);
    expect((await call(t.app, 'GET', '/job/jobs', await login(t.app, 'demo-bound', demoPassword))).code).toBe(200);
    const reply = await fetch(`${address}/metrics`);
    expect(reply.status).toBe(200);
    const text = await reply.text();
    expect(text).toContain('http_request_duration_seconds_bucket{');
    const { code, output } = await check(text);
    expect(output).toBe('');
    expect(code).toBe(0);
    // the Node gauges promtool refused as counters (`_total`) keep their meaning under gauge names
    expect(text).not.toMatch(/^nodejs_active_(handles|requests|resources)_total /m);
    expect(text).toMatch(/^# TYPE nodejs_active_handles_all gauge$/m);
    expect(text).toMatch(/^nodejs_active_handles_all [1-9]\d*$/m);
    // the console's own: the jobs sync (a list of jobs syncs the embedded cluster), the turn gate, the pool
    expect(text).toMatch(/^starlight_job_sync_duration_seconds_count\{cluster="local",result="ok"\} [1-9]\d*$/m);
    expect(text).toMatch(/^starlight_turn_waiting \d+$/m);
    expect(text).toMatch(/^starlight_turn_granted_total \d+$/m);
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^starlight_db_pool_connections\{state="busy"\} \d+$/m);
      expect(text).toMatch(/^starlight_db_pool_max 10$/m);
    }
  });

  it('fails a metric named like a counter but typed a gauge (promtool is really asked)', async () => {
    const { code, output } = await check('# HELP x_total a gauge\n# TYPE x_total gauge\nx_total 1\n');
    expect(code).not.toBe(0);
    expect(output).toMatch(/x_total/);
  });
});
