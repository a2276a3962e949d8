import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Device, JobMetrics, MetricsSettings, MonitorEvent, MonitorSummary, NodeMetrics } from '@starlight/contract/monitor';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call, waitForJob } from './hpc-helpers';

/*
 * Monitoring (issue 4 part 6) through the API on the embedded local cluster: events recorded as the
 * node polling and the jobs sync see them, the summary, hardware devices, and node/job metrics from the
 * real Prometheus when PROMETHEUS_URL is set (scripts/services/prometheus-up.sh; required under CI=true).
 */
const prometheusUrl = process.env.PROMETHEUS_URL;
if (!prometheusUrl && process.env.CI === 'true') throw new Error('PROMETHEUS_URL is not set: run scripts/services-up.sh (prometheus) before the tests');
if (!prometheusUrl) console.warn('monitor.test: PROMETHEUS_URL is not set; the metrics tests against Prometheus are skipped');

const host = os.hostname();
let t: TestApp;
let dataDir: string;
let admin: string;
let user: string; // demo-user: no keys, unbound
let bound: string; // demo-bound: bound to demo_lab_bound, no monitor keys
let failedJobId: string;

const get = <T>(p: string, token = admin) => call<T>(t.app, 'GET', p, token);
const submit = (payload: Record<string, unknown>) => call<{ job_id: string }>(t.app, 'POST', '/job/jobs', bound, { partition: 'local', time_limit_minutes: 5, ...payload });

async function until<T>(look: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = await look();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-monitor-'));
  t = await startTestApp({
    env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn', STARLIGHT_MONITOR_POLL_S: '1', ...(prometheusUrl ? { STARLIGHT_PROMETHEUS_URL: prometheusUrl } : {}) },
  });
  [admin, user, bound] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-user', demoPassword), login(t.app, 'demo-bound', demoPassword)]);
});
afterAll(async () => {
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

describe('permissions', () => {
  const calls: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', string][] = [
    ['events', 'GET', '/monitor/events'],
    ['summary', 'GET', '/monitor/summary'],
    ['devices', 'GET', '/resource/hardware/devices'],
    ['add device', 'POST', '/resource/hardware/devices'],
    ['change device', 'PATCH', '/resource/hardware/devices/1'],
    ['remove device', 'DELETE', '/resource/hardware/devices/1'],
    ['node metrics', 'GET', `/monitor/metrics/nodes/local/${host}`],
    ['metrics settings', 'GET', '/monitor/metrics/settings'],
  ];
  it.each(calls)('%s: 1403 without manage_monitor / metrics_manage, 1300 without a token', async (_name, method, p) => {
    const payload = method === 'POST' || method === 'PATCH' ? { name: 'x', type: 'compute' } : undefined;
    for (const token of [user, bound]) {
      const reply = await t.app.inject({ method, url: api(p), headers: { 'bihu-token': token }, ...(payload ? { payload } : {}) });
      expect(reply.json().code).toBe(1403);
    }
    expect((await t.app.inject({ method, url: api(p) })).json().code).toBe(1300);
  });

  it('settings changes need metrics_manage', async () => {
    expect((await t.app.inject({ method: 'PUT', url: api('/monitor/metrics/settings/local'), headers: { 'bihu-token': bound }, payload: { driver: 'none' } })).json().code).toBe(1403);
  });
});

describe('events, as they are seen', () => {
  it('records a node state change seen by the node polling, once', async () => {
    await get('/monitor/nodes'); // first sight: idle, no event
    const reply = await submit({ name: 'fill-node', script: 'sleep 30', cpus: os.cpus().length });
    expect(reply.code).toBe(200);
    await waitForJob(t.app, bound, '/job/jobs', reply.spec.job_id, (j) => j.state === 'RUNNING');
    // no page reads the nodes now: the poller (every second here) sees the change
    const event = await until(async () => {
      const list = (await get<List<MonitorEvent>>(`/monitor/events?field_eq_type=node_state&field_eq_node=${host}`)).spec.list;
      return list.find((e) => e.from_state === 'idle');
    }, 'a node_state event');
    expect(event).toMatchObject({ cluster: 'local', type: 'node_state', nodes: [host], job_id: null, to_state: 'allocated' });
    expect(event.info).toContain(host);
    await new Promise((r) => setTimeout(r, 1500)); // more polls of the same state add nothing
    expect((await get<List<MonitorEvent>>('/monitor/events?field_eq_type=node_state')).spec.total).toBe(1);
    expect((await call(t.app, 'DELETE', `/job/job/local/${reply.spec.job_id}`, bound)).code).toBe(200);
    await waitForJob(t.app, bound, '/job/jobs', reply.spec.job_id, (j) => j.state === 'CANCELLED');
    await until(async () => ((await get<List<MonitorEvent>>('/monitor/events?field_eq_type=node_state')).spec.total === 2 ? true : undefined), 'the node going back to idle');
  });

  it('records a failed local job once, with its nodes, exit code and end time', async () => {
    const reply = await submit({ name: 'breaks', script: 'echo about to fail\nexit 3\n', cpus: 1 });
    failedJobId = reply.spec.job_id;
    const job = await waitForJob(t.app, bound, '/job/jobs', failedJobId, (j) => j.state === 'FAILED');
    const list = (await get<List<MonitorEvent>>('/monitor/events?field_eq_type=job_failed')).spec;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ cluster: 'local', type: 'job_failed', job_id: failedJobId, nodes: [host], from_state: null, to_state: 'FAILED', time: job.end_time });
    expect(list.list[0]!.info).toMatch(/exit code 3/);
    // later syncs see the same failure again: still one event
    await get('/job/jobs/all');
    await new Promise((r) => setTimeout(r, 2100));
    await get('/job/jobs/all');
    expect((await get<List<MonitorEvent>>('/monitor/events?field_eq_type=job_failed')).spec.total).toBe(1);
  });

  it('filters by cluster, node, type and time, newest first, paged', async () => {
    const all = (await get<List<MonitorEvent>>('/monitor/events?page_size=100')).spec;
    // the poller may have seen the short failing job's node too: counts are per type
    const nodeEvents = (await get<List<MonitorEvent>>('/monitor/events?field_eq_type=node_state')).spec.total;
    expect(nodeEvents).toBeGreaterThanOrEqual(2);
    expect(all.total).toBe(nodeEvents + 1);
    expect(all.list.every((e) => e.type === 'job_failed' || e.nodes[0] === host)).toBe(true);
    expect(all.list.map((e) => e.time)).toEqual([...all.list.map((e) => e.time)].sort().reverse());
    expect((await get<List<MonitorEvent>>(`/monitor/events?field_eq_node=${host}`)).spec.total).toBe(all.total);
    expect((await get<List<MonitorEvent>>('/monitor/events?field_eq_cluster=local')).spec.total).toBe(all.total);
    expect((await get<List<MonitorEvent>>('/monitor/events?page_size=1&page=2')).spec).toMatchObject({ total: all.total, list: [all.list[1]] });
    expect((await get<List<MonitorEvent>>('/monitor/events?field_eq_node=other-node')).spec.total).toBe(0);
    expect((await get<List<MonitorEvent>>('/monitor/events?field_eq_cluster=nope')).spec.total).toBe(0);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await get<List<MonitorEvent>>(`/monitor/events?start_time=${future}`)).spec.total).toBe(0);
    expect((await get<List<MonitorEvent>>(`/monitor/events?end_time=${future}`)).spec.total).toBe(all.total);
    expect((await get<List<MonitorEvent>>(`/monitor/events?end_time=${new Date(Date.now() - 3600_000).toISOString()}`)).spec.total).toBe(0);
  });

  it.each([
    ['field_eq_type=reboot', 'query.field_eq_type'],
    ['page_size=101', 'query.page_size'],
    ['start_time=yesterday', 'query.start_time'],
    ['field_eq_node=a;b', 'query.field_eq_node'],
  ])('rejects %s (1400 naming %s)', async (q, field) => {
    const reply = await get<{ fields: { path: string }[] }>(`/monitor/events?${q}`);
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields.map((f) => f.path)).toContain(field);
  });
});

describe('summary', () => {
  it('counts nodes by state, CPUs, memory, jobs, and shows recent events', async () => {
    const running = await submit({ name: 'summary-run', script: 'sleep 20', cpus: 1 });
    await waitForJob(t.app, bound, '/job/jobs', running.spec.job_id, (j) => j.state === 'RUNNING');
    const s = (await get<MonitorSummary>('/monitor/summary')).spec;
    expect(s).toMatchObject({ nodes_total: 1, cpus_total: os.cpus().length, cpus_alloc: 1, jobs_running: 1, jobs_pending: 0, jobs_failed_24h: 1 });
    expect(s.clusters).toEqual([{ cluster: 'local', reachable: true, info: null, nodes: 1 }]);
    expect(Object.values(s.nodes_by_state).reduce((a, b) => a + b, 0)).toBe(1);
    expect(s.memory_total_mb).toBeGreaterThan(0);
    expect(s.memory_alloc_mb).toBeNull(); // the local queue does not count memory
    expect(s.recent_events.length).toBeGreaterThanOrEqual(3);
    expect(s.recent_events.some((e) => e.type === 'job_failed' && e.job_id === failedJobId)).toBe(true);
    expect(s.recent_events[0]!.time >= s.recent_events.at(-1)!.time).toBe(true);
    await call(t.app, 'DELETE', `/job/job/local/${running.spec.job_id}`, bound);
  });
});

describe('hardware devices (spec §7 /resource/hardware/devices)', () => {
  const good = { name: 'rack-a gpu 01', type: 'gpu', cluster: 'local', node: host, serial: 'SN-0001/A', location: 'Room 3, rack A, U12', status: 'in_service', notes: '4 × A100' };
  let id: number;
  const total = async () => (await get<List<Device>>('/resource/hardware/devices')).spec.total;

  it('adds, reads back, lists with filters', async () => {
    const created = await call<Device>(t.app, 'POST', '/resource/hardware/devices', admin, good);
    expect(created.code).toBe(200);
    expect(created.spec).toMatchObject({ ...good, id: expect.any(Number) });
    id = created.spec.id;
    const other = await call<Device>(t.app, 'POST', '/resource/hardware/devices', admin, { name: 'core switch', type: 'network' });
    expect(other.spec).toMatchObject({ cluster: null, node: null, serial: null, status: 'in_service' });
    expect(await total()).toBe(2);
    expect((await get<List<Device>>('/resource/hardware/devices?field_eq_type=gpu')).spec.list.map((d) => d.id)).toEqual([id]);
    expect((await get<List<Device>>('/resource/hardware/devices?field_eq_cluster=local')).spec.total).toBe(1);
    expect((await get<List<Device>>('/resource/hardware/devices?field_lk_name=rack%20a')).spec.list.map((d) => d.id)).toEqual([id]);
    expect((await get<List<Device>>('/resource/hardware/devices?field_lk_name=SN-0001')).spec.total).toBe(1);
    expect((await get<List<Device>>('/resource/hardware/devices?field_eq_status=faulty')).spec.total).toBe(0);
  });

  it('changes fields; clearing the cluster clears the node', async () => {
    const changed = await call<Device>(t.app, 'PATCH', `/resource/hardware/devices/${id}`, admin, { status: 'maintenance', notes: null });
    expect(changed.spec).toMatchObject({ status: 'maintenance', notes: null, name: good.name, serial: good.serial });
    const moved = await call<Device>(t.app, 'PATCH', `/resource/hardware/devices/${id}`, admin, { cluster: null });
    expect(moved.spec).toMatchObject({ cluster: null, node: null });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an empty name', { ...good, serial: undefined, name: '  ' }, 'body.name'],
    ['an unknown type', { ...good, serial: undefined, type: 'toaster' }, 'body.type'],
    ['an unknown status', { ...good, serial: undefined, status: 'lost' }, 'body.status'],
    ['an unknown cluster', { ...good, serial: undefined, cluster: 'nope' }, 'body.cluster'],
    ['a node name with metacharacters', { ...good, serial: undefined, node: 'n1;reboot' }, 'body.node'],
    ['a node without its cluster', { name: 'x', type: 'compute', node: 'n01' }, 'body.node'],
    ['a serial with spaces', { ...good, serial: 'SN 1' }, 'body.serial'],
    ['notes over 2000 characters', { ...good, serial: undefined, notes: 'x'.repeat(2001) }, 'body.notes'],
    ['an unknown field', { ...good, serial: undefined, owner: 'me' }, 'body'],
  ];
  it.each(bad)('refuses %s with 1400 naming the field, and adds nothing', async (_what, payload, field) => {
    const before = await total();
    const reply = await call<{ fields: { path: string }[] }>(t.app, 'POST', '/resource/hardware/devices', admin, payload);
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields.map((f) => f.path).some((p) => p === field || p.startsWith(`${field}.`) || (field === 'body' && p === 'body'))).toBe(true);
    expect(await total()).toBe(before);
  });

  it('1409 for a serial already used, 1400 for an empty patch, 1404 for an unknown id', async () => {
    const taken = await call(t.app, 'POST', '/resource/hardware/devices', admin, { name: 'dup', type: 'compute', serial: good.serial });
    expect(taken.code).toBe(1409);
    expect((await call(t.app, 'PATCH', `/resource/hardware/devices/${id}`, admin, {})).code).toBe(1400);
    expect((await call(t.app, 'PATCH', '/resource/hardware/devices/999999', admin, { status: 'faulty' })).code).toBe(1404);
    expect((await call(t.app, 'DELETE', '/resource/hardware/devices/999999', admin)).code).toBe(1404);
    expect((await call(t.app, 'GET', '/resource/hardware/devices?page_size=0', admin)).code).toBe(1400);
    expect((await call(t.app, 'DELETE', '/resource/hardware/devices/abc', admin)).code).toBe(1400);
  });

  it('removes a device', async () => {
    expect((await call(t.app, 'DELETE', `/resource/hardware/devices/${id}`, admin)).code).toBe(200);
    expect((await get<List<Device>>('/resource/hardware/devices')).spec.list.map((d) => d.id)).not.toContain(id);
  });

  it('audits who added, changed and removed the device', async () => {
    const log = (await get<List<{ action: string; user_name: string; target: string | null }>>(`/audit/events?field_lk_target=device:${id}&page_size=100`)).spec;
    expect(log.list.map((e) => e.action).sort()).toEqual(['device_create', 'device_delete', 'device_update', 'device_update']);
    expect(log.list.every((e) => e.user_name === 'admin' && e.target === `device:${id}`)).toBe(true);
  });
});

describe('metrics settings', () => {
  it('shows the local cluster using the server default', async () => {
    const list = (await get<MetricsSettings[]>('/monitor/metrics/settings')).spec;
    expect(list).toEqual([
      prometheusUrl
        ? { cluster: 'local', source: 'environment', driver: 'prometheus', url: prometheusUrl, node_label: 'instance', node_template: '{node}:9100', node_map: {} }
        : { cluster: 'local', source: 'none', driver: 'none', url: null, node_label: 'instance', node_template: '{node}:9100', node_map: {} },
    ]);
  });

  it.each([
    [{ driver: 'prometheus' }, 'body.url'],
    [{ driver: 'prometheus', url: 'ftp://example.org' }, 'body.url'],
    [{ driver: 'prometheus', url: 'http://p:9090', node_label: '1bad' }, 'body.node_label'],
    [{ driver: 'prometheus', url: 'http://p:9090', node_template: 'a"b' }, 'body.node_template'],
    [{ driver: 'prometheus', url: 'http://p:9090', node_map: { 'n;1': 'x' } }, 'body.node_map'],
    [{ driver: 'graphite' }, 'body.driver'],
  ])('refuses %j with 1400', async (payload, field) => {
    const reply = await call<{ fields: { path: string }[] }>(t.app, 'PUT' as 'POST', '/monitor/metrics/settings/local', admin, payload);
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields.some((f) => f.path.startsWith(field))).toBe(true);
    expect((await get<MetricsSettings[]>('/monitor/metrics/settings')).spec[0]!.source).not.toBe('cluster');
  });

  it('1404 for an unknown cluster', async () => {
    expect((await call(t.app, 'PUT' as 'POST', '/monitor/metrics/settings/nope', admin, { driver: 'none' })).code).toBe(1404);
  });

  it('driver none: the metrics call says "not configured" instead of drawing nothing', async () => {
    const put = await call<MetricsSettings>(t.app, 'PUT' as 'POST', '/monitor/metrics/settings/local', admin, { driver: 'none' });
    expect(put.spec).toMatchObject({ source: 'cluster', driver: 'none', url: null });
    const m = (await get<NodeMetrics>(`/monitor/metrics/nodes/local/${host}?window=6h`)).spec;
    expect(m).toMatchObject({ configured: false, series: null, selector: null, step_seconds: 120 });
    expect(m.info).toMatch(/metrics not configured for cluster local/);
    expect(m.end - m.start).toBe(6 * 3600);
  });

  it('an unreachable Prometheus is 1502 with a clear info', async () => {
    await call(t.app, 'PUT' as 'POST', '/monitor/metrics/settings/local', admin, { driver: 'prometheus', url: 'http://127.0.0.1:9' });
    const reply = await get(`/monitor/metrics/nodes/local/${host}`);
    expect(reply.code).toBe(1502);
    expect(reply.info).toContain('Prometheus unreachable at http://127.0.0.1:9');
    const removed = await call<MetricsSettings>(t.app, 'DELETE', '/monitor/metrics/settings/local', admin);
    expect(removed.spec.source).toBe(prometheusUrl ? 'environment' : 'none');
  });

  it('node metrics: 1404 for an unknown node or cluster, 1400 for a bad window', async () => {
    expect((await get('/monitor/metrics/nodes/local/no-such-node')).code).toBe(1404);
    expect((await get(`/monitor/metrics/nodes/nope/${host}`)).code).toBe(1404);
    expect((await get(`/monitor/metrics/nodes/local/${host}?window=2h`)).code).toBe(1400);
  });
});

describe.skipIf(!prometheusUrl)('metrics from the real Prometheus', () => {
  it('draws the local node over each window with a step chosen from it', async () => {
    for (const [window, step] of [['1h', 15], ['24h', 600], ['7d', 3600]] as const) {
      const m = (await get<NodeMetrics>(`/monitor/metrics/nodes/local/${host}?window=${window}`)).spec;
      expect(m).toMatchObject({ configured: true, info: null, selector: `instance="${host}:9100"`, step_seconds: step });
      expect(m.series!.load1.length).toBeGreaterThan(0);
      expect(m.series!.memory_total_bytes.at(-1)![1]).toBe(os.totalmem());
    }
  });

  it('says so when Prometheus has no samples for the mapped node', async () => {
    await call(t.app, 'PUT' as 'POST', '/monitor/metrics/settings/local', admin, { driver: 'prometheus', url: prometheusUrl, node_template: '{node}:9999' });
    const m = (await get<NodeMetrics>(`/monitor/metrics/nodes/local/${host}`)).spec;
    expect(m).toMatchObject({ configured: true, selector: `instance="${host}:9999"` });
    expect(m.info).toMatch(/no samples/);
    expect(m.series!.load1).toEqual([]);
    await call(t.app, 'DELETE', '/monitor/metrics/settings/local', admin);
  });
});

describe("a job's monitor page (/job/info/:cluster/:jobIndex/monitor)", () => {
  it("gives the owner their job's nodes over its lifetime, padded to five minutes for a short job", async () => {
    const reply = await call<JobMetrics>(t.app, 'GET', `/monitor/metrics/jobs/local/${failedJobId}`, bound);
    expect(reply.code).toBe(200);
    const m = reply.spec;
    expect(m).toMatchObject({ cluster: 'local', job_id: failedJobId, state: 'FAILED', running: false, nodes_total: 1 });
    expect(m.nodes).toHaveLength(1);
    expect(m.nodes[0]).toMatchObject({ node: host, configured: Boolean(prometheusUrl), end: m.end });
    expect(m.nodes[0]!.end - m.nodes[0]!.start).toBe(300);
    if (prometheusUrl) expect(m.nodes[0]!.series!.load1.length).toBeGreaterThan(0);
  });

  it('admins may look; another user and unknown jobs may not', async () => {
    expect((await get(`/monitor/metrics/jobs/local/${failedJobId}`)).code).toBe(200);
    expect((await get(`/monitor/metrics/jobs/local/${failedJobId}`, user)).code).toBe(1403);
    expect((await get('/monitor/metrics/jobs/local/987654', bound)).code).toBe(1404);
    expect((await get('/monitor/metrics/jobs/local/abc', bound)).code).toBe(1400);
  });
});
