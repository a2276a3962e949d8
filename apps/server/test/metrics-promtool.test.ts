import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dashboard = JSON.parse(readFileSync(path.join(repoRoot, 'deploy/grafana/starlight.json'), 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
/** Every query of the shipped dashboard, its variables given values as Grafana would. */
const dashboardQueries = dashboard.panels
  .flatMap((panel) => panel.targets ?? [])
  .map((target) => target.expr.replaceAll('$job', 'starlight').replaceAll('$instance', '.*').replaceAll('$__rate_interval', '1m'));

function check(text: string, args = ['check', 'metrics']): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(promtool!, args, (error, stdout, stderr) =>
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
    // every metric the shipped dashboard charts is one this server exports (the pool's: on PostgreSQL only)
    const charted = new Set(dashboardQueries.flatMap((query) => query.match(/\b(?:http|starlight|process|nodejs)_[a-z0-9_]+/g) ?? []));
    for (const name of charted) {
      if (name.startsWith('starlight_db_pool_') && t.database.kind !== 'postgres') continue;
      expect(text, name).toMatch(new RegExp(`^${name}(\\{| )`, 'm'));
    }
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

  it('the shipped scrape configuration passes promtool check config', async () => {
    const { code, output } = await check('', ['check', 'config', path.join(repoRoot, 'deploy/prometheus/starlight.yml')]);
    expect(output).toMatch(/SUCCESS/);
    expect(code).toBe(0);
  });
});

const prometheusUrl = process.env.PROMETHEUS_URL;
if (!prometheusUrl) console.warn('[metrics-promtool] dashboard queries not checked: PROMETHEUS_URL is not set (scripts/services/prometheus-up.sh)');
describe.skipIf(!prometheusUrl)('the shipped Grafana dashboard', () => {
  it('has queries a real Prometheus accepts', async () => {
    expect(dashboardQueries.length).toBeGreaterThan(10);
    for (const query of dashboardQueries) {
      const reply = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query })}`);
      const answer = (await reply.json()) as { status: string; error?: string };
      expect(answer, query).toMatchObject({ status: 'success' });
    }
  });
});
