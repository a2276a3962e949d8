import { eq } from 'drizzle-orm';
import type { Application } from '@starlight/contract/approvals';
import { appRuns, apps, appVersions } from '../src/db/schema/apps';
import { auditEvents } from '../src/db/schema/audit';
import { clusters } from '../src/db/schema/hpc';
import { imageNamespaceQuotas, imageRegistries } from '../src/db/schema/images';
import { communities, communityGroups, groups, users } from '../src/db/schema/identity';
import { feeUsage } from '../src/db/schema/fees';
import { jobs } from '../src/db/schema/jobs';
import { addGroupMember } from './quotas-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@starlight/contract/statistics';
import { adminToken, call } from './admin-helpers';
import { createStatisticsService } from '../src/modules/statistics/statistics.service';
import type { StatisticsRepo } from '../src/modules/statistics/statistics.repo';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let user: string;
const fields = (e: { spec: unknown }) => ((e.spec as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const chart = (r: Report, id: string) => r.charts.find((c) => c.id === id)!;
const series = (r: Report, id: string) => Object.fromEntries(chart(r, id).series.map((s) => [s.name, s.data.reduce((a, b) => a + b, 0)]));
const report = async (name: string) => {
  const r = await call<Report>(t, admin, 'GET', `/statistics/report/${name}?start=${today}&end=${today}`);
  expect(r.code, name).toBe(200);
  expect(r.spec.source_available, name).toBe(true);
  return r.spec;
};

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
    // a year of seven reports' rows written, then read three ways: slow on a loaded 2-core machine
  }, 120_000);

  // after the generated year above (its resource rows charge group0 … group7)
  it('filters the resource report to one group: the caller\'s own group without the key, any with it; another group → 1403 naming the field', async () => {
    const range = `start=${daysAgo(365)}&end=${daysAgo(1)}&group_by=month`;
    const member = await addGroupMember(t, 'group3', 'stat-gina', null);
    const own = await call<Report>(t, member.token, 'GET', `/statistics/report/resource?${range}&field_eq_group=group3`);
    expect(own.code).toBe(200);
    expect(Object.keys(series(own.spec, 'coreHoursByGroup'))).toEqual(['group3']);
    const everyone = await call<Report>(t, admin, 'GET', `/statistics/report/resource?${range}`);
    const total = (r: Report, id: string) => chart(r, id).series.flatMap((x) => x.data).reduce((a, b) => a + b, 0);
    // the group's slice of the unfiltered pie is what its filtered charts add up to
    const slice = series(everyone.spec, 'coreHoursByGroup')['group3']!;
    expect(slice).toBeGreaterThan(0);
    for (const id of ['coreHoursByCluster', 'coreHoursByUser']) expect(Math.abs(total(own.spec, id) - slice) / slice, id).toBeLessThan(0.001);
    expect(total(own.spec, 'coreHoursByUser')).toBeLessThan(total(everyone.spec, 'coreHoursByUser'));
    // users of group3 only (demo: user n is in group n % 8)
    expect(Object.keys(series(own.spec, 'coreHoursByUser')).every((u) => u === 'other' || Number(u.slice(4)) % 8 === 3)).toBe(true);
    // partition × group rows are not kept: the partition charts are left out of a filtered report
    expect(own.spec.charts.map((c) => c.id)).toEqual(['coreHoursByCluster', 'coreHoursByGroup', 'coreHoursByUser', 'gpuHoursByCluster', 'gpuHoursByPartition', 'jobSize']);
    expect(total(own.spec, 'gpuHoursByCluster')).toBeGreaterThan(0);
    expect(total(own.spec, 'gpuHoursByCluster')).toBeLessThan(total(everyone.spec, 'gpuHoursByCluster'));
    // the demo puts group3 in chemistry
    expect(Object.keys(series(everyone.spec, 'coreHoursByCommunity')).sort()).toEqual(['biology', 'chemistry', 'none', 'physics']);
    expect(series(own.spec, 'jobSize')).not.toEqual(series(everyone.spec, 'jobSize'));

    const other = await call(t, member.token, 'GET', `/statistics/report/resource?${range}&field_eq_group=group4`);
    expect(other.code).toBe(1403);
    expect(fields(other)).toEqual(['query.field_eq_group']);
    expect((await call(t, member.token, 'GET', `/statistics/report/resource?${range}`)).code).toBe(1403);
    // a group administrator sees the group they administer
    const gadmin = await addGroupMember(t, 'group5', 'stat-gabe', null, true);
    expect((await call(t, gadmin.token, 'GET', `/statistics/report/resource?${range}&field_eq_group=group5`)).code).toBe(200);
    expect((await call(t, gadmin.token, 'GET', `/statistics/report/resource?${range}&field_eq_group=group3`)).code).toBe(1403);
    // the report's key sees every group
    expect((await call(t, admin, 'GET', `/statistics/report/resource?${range}&field_eq_group=group4`)).code).toBe(200);
    // a report whose rows carry no group refuses the filter
    const workflow = await call(t, admin, 'GET', `/statistics/report/workflow?${range}&field_eq_group=group4`);
    expect(workflow.code).toBe(1400);
    expect(fields(workflow)).toEqual(['query.field_eq_group']);
  }, 60_000);

  it('keeps other users\' apps, namespaces, approval nodes and tickets from a plain signed-in user (the five reports need query_all_user)', async () => {
    for (const name of ['workflow', 'app', 'approval', 'image', 'ticket']) {
      expect((await call(t, user, 'GET', `/statistics/report/${name}?start=${today}&end=${today}`)).code, name).toBe(1403);
      expect((await call(t, admin, 'GET', `/statistics/report/${name}?start=${today}&end=${today}`)).code, name).toBe(200);
    }
  });

  it('resource: GPU-hours from the fees module\'s accounting rows and core- and GPU-hours by community (group → community through identity)', async () => {
    const db = t.database.db;
    const [cluster] = await db.select().from(clusters);
    const [community] = await db.insert(communities).values({ name: 'stat-community' }).returning();
    const [group] = await db.insert(groups).values({ name: 'stat-gpu-lab' }).returning();
    await db.insert(communityGroups).values({ communityId: community!.id, groupId: group!.id });
    const ended = new Date(Date.now() - 60_000);
    // written the way the jobs sync and the fees sync write them
    await db.insert(jobs).values({ clusterId: cluster!.id, jobId: 990_001, userAccount: 'stat_gpu', chargeAccount: 'stat-gpu-lab', name: 'train', partition: 'gpu', state: 'COMPLETED', submitTime: new Date(ended.getTime() - 7_200_000), startTime: new Date(ended.getTime() - 3_600_000), endTime: ended, cpus: 4, coreSeconds: 4 * 3600 });
    await db.insert(feeUsage).values({ clusterId: cluster!.id, jobId: '990001', userAccount: 'stat_gpu', chargeAccount: 'stat-gpu-lab', partition: 'gpu', day: today, endTime: ended, coreSeconds: 4 * 3600, gpuSeconds: 2 * 3600 });
    const r = await report('resource');
    expect(series(r, 'gpuHoursByCluster')).toEqual({ [cluster!.name]: 2 });
    expect(series(r, 'gpuHoursByPartition')).toEqual({ gpu: 2 });
    expect(series(r, 'gpuHoursByCommunity')).toEqual({ 'stat-community': 2 });
    expect(series(r, 'coreHoursByCommunity')['stat-community']).toBe(4);
    expect(chart(r, 'gpuHoursByCluster').unit).toBe('gpu_hours');
  });

  it('names the missing source of a report whose source is not registered', async () => {
    const bare = createStatisticsService({ repo: {} as StatisticsRepo, sources: [] });
    const r = await bare.report('ticket', { start: daysAgo(7), end: today, group_by: 'day' });
    expect(r).toMatchObject({ source_available: false, missing_source: 'tickets', charts: [] });
  });

  it('ticket: opened, first response and resolution by category, from the tickets module', async () => {
    const bound = await login(t.app, 'demo-bound', demoPassword);
    const opened = await call<{ id: number }>(t, bound, 'POST', '/ticket/tickets', { category: 'storage', title: 'Quota full', body: '<p>my home is full</p>' });
    expect(opened.code).toBe(200);
    expect((await call(t, admin, 'POST', `/ticket/tickets/${opened.spec.id}/reply`, { body: '<p>raised it</p>' })).code).toBe(200);
    const r = await report('ticket');
    expect(r.source_available).toBe(true);
    expect(series(r, 'ticketsByCategory')).toEqual({ storage: 1 });
    expect(Object.keys(series(r, 'firstResponseTime'))).toEqual(['storage']);
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

/*
 * The workflow, app, approval and image reports are computed from what their modules recorded today,
 * read through those modules' services (the rows below are written the way each module writes them).
 */
describe('statistics sources of the application center, approvals and the image hub', () => {
  it('workflow and app: runs launched, their outcomes, success rate, duration and launches by label', async () => {
    const db = t.database.db;
    const [app] = await db.select().from(apps).where(eq(apps.name, 'word-count'));
    const [version] = await db.select().from(appVersions).where(eq(appVersions.appId, app!.id));
    const [cluster] = await db.select().from(clusters);
    const [user] = await db.select().from(users).where(eq(users.userName, 'demo-bound'));
    const now = Date.now();
    const run = (uuid: string, state: string, minutes: number | null) => ({
      uuid, appId: app!.id, versionId: version!.id, userId: user!.id, account: 'demo', clusterId: cluster!.id, partition: 'local', engine: 'cwltool', state, jobOrder: {}, runDir: '/tmp/x',
      createdAt: new Date(now - 60_000), startedAt: minutes === null ? null : new Date(now - 60_000), endedAt: minutes === null ? null : new Date(now - 60_000 + minutes * 60_000),
    });
    await db.insert(appRuns).values([run('s1', 'done', 0.5), run('s2', 'done', 0.5), run('s3', 'failed', 0.5), run('s4', 'running', null)]);

    const workflow = await report('workflow');
    expect(series(workflow, 'runsByApp')).toEqual({ 'word-count': 4 });
    expect(series(workflow, 'runOutcomes')).toEqual({ done: 2, failed: 1 });
    expect(chart(workflow, 'successRate').series[0]!.data).toEqual([66.67]);
    expect(chart(workflow, 'runDuration').series[0]!.data).toEqual([0.5]);
    const launches = await report('app');
    expect(series(launches, 'launchesByApp')).toEqual({ 'word-count': 4 });
    expect(chart(launches, 'launchingUsers').series[0]!.data).toEqual([1]);
  });

  it('approval: applications by kind, the outcome, time to decision and the node that decided', async () => {
    await addGroupMember(t, 'physics-lab', 'stat-ann', 'stat_ann');
    const applicant = await login(t.app, 'stat-ann', demoPassword);
    const gadmin = await login(t.app, 'demo-gadmin', demoPassword);
    const join = await call<Application>(t, applicant, 'POST', '/apply/applications', { kind: 'group_join', payload: { group_name: 'demo-lab' } });
    expect(join.code).toBe(200);
    expect((await call(t, gadmin, 'POST', `/apply/applications/${join.spec.id}/decision`, { decision: 'reject', node: 0, comment: 'not yet' })).code).toBe(200);
    const approval = await report('approval');
    expect(series(approval, 'applicationsByKind')).toEqual({ group_join: 1 });
    expect(series(approval, 'decisionOutcomes')).toEqual({ rejected: 1 });
    expect(Object.keys(series(approval, 'timePerNode'))).toEqual([join.spec.nodes[0]!.name]);
    expect(chart(approval, 'timeToDecision').series[0]!.data[0]).toBeGreaterThanOrEqual(0);
  });

  it('image: pulls and pushes the console granted, by namespace, and each namespace\'s stored bytes', async () => {
    const db = t.database.db;
    const token = (detail: string, result: 'ok' | 'failed' = 'ok') => ({ action: 'image_token', result, userName: 'demo-user', target: 'registry:hub', detail });
    await db.insert(auditEvents).values([
      token('repository:demo-user/tool:pull,push -> pull,push'),
      token('repository:library/base:pull -> pull; repository:demo-lab/x:pull -> pull'),
      token('repository:secret/x:pull -> nothing'),
      token('image quota of namespace demo-user exceeded; repository:demo-user/tool:pull,push -> pull', 'failed'),
    ]);
    const [registry] = await db.insert(imageRegistries).values({ name: 'hub', url: 'http://127.0.0.1:1', pullHost: '127.0.0.1:1' }).returning();
    await db.insert(imageNamespaceQuotas).values({ registryId: registry!.id, namespace: 'demo-lab', usedBytes: 3e9 });
    const image = await report('image');
    expect(series(image, 'pushesByNamespace')).toEqual({ 'demo-user': 1 });
    expect(series(image, 'pullsByNamespace')).toEqual({ library: 1, 'demo-lab': 1 });
    expect(series(image, 'storageByNamespace')).toEqual({ 'demo-lab': 3 });
  });
});
