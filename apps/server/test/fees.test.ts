import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Allocation, CommunityUsage, CostLog, FeeStatus, MemberUsage, Price, Snap, SyncResult, UserCpuHours } from '@starlight/contract/fees';
import { count } from 'drizzle-orm';
import { appRuns } from '../src/db/schema/apps';
import { clusters } from '../src/db/schema/hpc';
import { communities, communityAdmins, communityGroups } from '../src/db/schema/identity';
import { createFeesRepo } from '../src/modules/fees/fees.repo';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { call, waitForJob } from './hpc-helpers';
import { addGroupMember, idOfGroup, idOfUser } from './quotas-helpers';

/*
 * Issue 12: CPU-hours from the local scheduler's own accounting, prices, allocations, the over-limit
 * rule on the real submit path, boards, and every "Bad input" line. PGlite, and PostgreSQL when
 * STARLIGHT_TEST_PG is set.
 */
let t: TestApp;
let dataDir: string;
let admin: string;
let bound: string; // demo-bound: demo-lab, account demo_lab_bound
let gadmin: string; // demo-gadmin: administers demo-lab
let outsider: { token: string; userId: number; groupId: number }; // physics-lab
let boundId: number;
let demoLab: number;
let localClusterId: number;

const fields = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] })?.fields ?? []).map((f) => f.path);
const submit = (token: string) => call<{ job_id: string }>(t.app, 'POST', '/job/jobs', token, { name: 'fee', script: 'echo fee', partition: 'local', cpus: 1 });
const hour = 3600;
const day = (offset = 0) => new Date(Date.now() + offset * 86400_000).toISOString();

/** Usage as the accounting sync records it (for speed; the sync itself is tested on a real job). */
async function seedUsage(jobId: string, account: string, userId: number, groupId: number | null, coreSeconds: number, cost = 0, communityId: number | null = null) {
  const end = new Date();
  await createFeesRepo(t.database.db).insertUsage([
    { clusterId: localClusterId, jobId, userAccount: account, userId, groupId, communityId, partition: 'local', day: end.toISOString().slice(0, 10), endTime: end, coreSeconds, cost },
  ]);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-fees-'));
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, bound, gadmin] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-bound', demoPassword), login(t.app, 'demo-gadmin', demoPassword)]);
  outsider = await addGroupMember(t, 'physics-lab', 'phys-ann', 'phys_lab_ann');
  boundId = await idOfUser(t, 'demo-bound');
  demoLab = await idOfGroup(t, 'demo-lab');
  localClusterId = (await t.database.db.select().from(clusters).where(eq(clusters.name, 'local')))[0]!.id;
});
afterAll(async () => {
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

describe('usage from the local scheduler’s own accounting', () => {
  it('charges a finished job once at the price valid then, however often the window is read', async () => {
    const price = await call<Price>(t.app, 'POST', '/fee/prices', admin, { cluster_name: 'local', partition: 'local', core_hour_price: 360, valid_from: day(-1) });
    expect(price.code).toBe(200);
    const { spec } = await submit(bound);
    await waitForJob(t.app, bound, '/job/jobs', spec.job_id, (j) => j.state === 'COMPLETED');
    // the same window read twice at the same moment (two instances, or the poller and an administrator)
    const [first, second] = await Promise.all([call<SyncResult>(t.app, 'POST', '/fee/sync', admin), call<SyncResult>(t.app, 'POST', '/fee/sync', admin)]);
    expect(first.spec.rows).toBeGreaterThanOrEqual(1);
    expect(second.spec.rows).toBeGreaterThanOrEqual(1);
    const charged = await call<List<CostLog>>(t.app, 'GET', '/fee/costlogs?scope=all&page_size=100', admin);
    expect(first.spec.charged + second.spec.charged).toBe(charged.spec.total);
    expect(charged.spec.list.filter((l) => l.job_id === spec.job_id)).toHaveLength(1);
    const again = await call<SyncResult>(t.app, 'POST', '/fee/sync', admin);
    expect(again.spec.charged).toBe(0);
    expect(again.spec.rows).toBeGreaterThanOrEqual(1); // the overlap re-read it, and it was not charged twice
    const logs = await call<List<CostLog>>(t.app, 'GET', '/fee/costlogs', bound);
    const line = logs.spec.list.find((l) => l.job_id === spec.job_id)!;
    expect(line).toMatchObject({ cluster_name: 'local', user_name: 'demo-bound', group_name: 'demo-lab', partition: 'local', price_id: price.spec.id });
    expect(line.core_seconds).toBeGreaterThanOrEqual(0);
    // 360 fen per core-hour = 0.1 fen a core-second, rounded up to a whole fen
    expect(line.cost).toBe(Math.max(0, Math.ceil((line.core_seconds * 360) / 3600 - 1e-9)));
    const mine = await call<UserCpuHours>(t.app, 'GET', '/fee/cpuhours/user', bound);
    expect(mine.spec.days.some((d) => d.cluster_name === 'local')).toBe(true);
    // another user's lines are not in mine; everyone's only for administrators
    expect((await call<List<CostLog>>(t.app, 'GET', '/fee/costlogs', outsider.token)).spec.list).toEqual([]);
    expect((await call(t.app, 'GET', '/fee/costlogs?scope=all', bound)).code).toBe(1403);
    expect((await call<List<CostLog>>(t.app, 'GET', '/fee/costlogs?scope=all', admin)).spec.total).toBeGreaterThanOrEqual(1);
    const snaps = await call<List<Snap>>(t.app, 'GET', '/fee/snap?field_eq_scope=user', bound);
    expect(snaps.spec.list[0]).toMatchObject({ scope: 'user', target_id: boundId, target_name: 'demo-bound' });
  });
});

describe('price tables', () => {
  it('refuses negative, non-numeric and overlapping prices, naming the field', async () => {
    const base = { cluster_name: 'local', partition: 'gpu', valid_from: day(-10), valid_to: day(10) };
    const negative = await call(t.app, 'POST', '/fee/prices', admin, { ...base, core_hour_price: -1 });
    expect([negative.code, fields(negative)]).toEqual([1400, ['body.core_hour_price']]);
    const text = await call(t.app, 'POST', '/fee/prices', admin, { ...base, core_hour_price: '12' });
    expect([text.code, fields(text)]).toEqual([1400, ['body.core_hour_price']]);
    const backwards = await call(t.app, 'POST', '/fee/prices', admin, { ...base, core_hour_price: 1, valid_to: day(-20) });
    expect([backwards.code, fields(backwards)]).toEqual([1400, ['body.valid_to']]);
    expect((await call(t.app, 'POST', '/fee/prices', admin, { ...base, core_hour_price: 100 })).code).toBe(200);
    const overlap = await call(t.app, 'POST', '/fee/prices', admin, { ...base, core_hour_price: 200, valid_from: day(5), valid_to: null });
    expect([overlap.code, fields(overlap)]).toEqual([1409, ['body.valid_from']]);
    // the next period, and a group-specific item over the same period, are fine
    expect((await call(t.app, 'POST', '/fee/prices', admin, { ...base, core_hour_price: 200, valid_from: day(10), valid_to: null })).code).toBe(200);
    expect((await call(t.app, 'POST', '/fee/prices', admin, { ...base, group_id: demoLab, core_hour_price: 50 })).code).toBe(200);
    expect((await call(t.app, 'POST', '/fee/prices', bound, { ...base, core_hour_price: 1 })).code).toBe(1403);
  });

  it('lists partitions with no price: one where a job ran unpriced is listed until a default price covers it', async () => {
    const listed = async () => (await call<{ cluster_name: string; partition: string }[]>(t.app, 'GET', '/fee/prices/unpriced', admin)).spec.some((p) => p.cluster_name === 'local' && p.partition === 'fat');
    expect((await call<{ cluster_name: string; partition: string }[]>(t.app, 'GET', '/fee/prices/unpriced', admin)).spec.some((p) => p.cluster_name === 'local' && p.partition === 'local')).toBe(false);
    expect(await listed()).toBe(false);
    // a job outside the console ran in partition fat, which nobody priced: charged nothing, and listed
    const end = new Date();
    await createFeesRepo(t.database.db).insertUsage([
      { clusterId: localClusterId, jobId: '900100', userAccount: 'phys_lab_ann', userId: outsider.userId, groupId: outsider.groupId, communityId: null, partition: 'fat', day: end.toISOString().slice(0, 10), endTime: end, coreSeconds: 60, cost: 0 },
    ]);
    expect(await listed()).toBe(true);
    // a group's own price does not cover everyone else
    const base = { cluster_name: 'local', partition: 'fat', core_hour_price: 10, valid_from: day(-1) };
    expect((await call(t.app, 'POST', '/fee/prices', admin, { ...base, group_id: demoLab })).code).toBe(200);
    expect(await listed()).toBe(true);
    expect((await call(t.app, 'POST', '/fee/prices', admin, base)).code).toBe(200);
    expect(await listed()).toBe(false);
    expect((await call(t.app, 'GET', '/fee/prices/unpriced', bound)).code).toBe(1403);
  });

  it('sets the minimum charge and the rounding unit, refusing bad values naming the field', async () => {
    const negative = await call(t.app, 'PUT', '/fee/settings', admin, { minimum_charge: -1, rounding_unit: 1 });
    expect([negative.code, fields(negative)]).toEqual([1400, ['body.minimum_charge']]);
    const zero = await call(t.app, 'PUT', '/fee/settings', admin, { minimum_charge: 0, rounding_unit: 0 });
    expect([zero.code, fields(zero)]).toEqual([1400, ['body.rounding_unit']]);
    expect((await call(t.app, 'PUT', '/fee/settings', bound, { minimum_charge: 0, rounding_unit: 1 })).code).toBe(1403);
    const set = await call(t.app, 'PUT', '/fee/settings', admin, { minimum_charge: 500, rounding_unit: 100 });
    expect(set.code).toBe(200);
    expect((await call(t.app, 'GET', '/fee/settings', admin)).spec).toEqual({ minimum_charge: 500, rounding_unit: 100 });
  });

  it('charges a real job at its group’s price over the default, with the minimum charge; a later price change leaves it alone', async () => {
    // local/local: the default (360 a core-hour, from the first test) and now demo-lab's own, 36 a core-hour
    const groupPrice = await call<Price>(t.app, 'POST', '/fee/prices', admin, { cluster_name: 'local', partition: 'local', group_id: demoLab, core_hour_price: 36, valid_from: day(-1) });
    expect(groupPrice.code).toBe(200);
    const { spec } = await call<{ job_id: string }>(t.app, 'POST', '/job/jobs', bound, { name: 'fee-min', script: 'sleep 2', partition: 'local', cpus: 1 });
    await waitForJob(t.app, bound, '/job/jobs', spec.job_id, (j) => j.state === 'COMPLETED');
    expect((await call(t.app, 'POST', '/fee/sync', admin)).code).toBe(200);
    const lineOf = async () => (await call<List<CostLog>>(t.app, 'GET', '/fee/costlogs?page_size=100', bound)).spec.list.find((l) => l.job_id === spec.job_id)!;
    const line = await lineOf();
    expect(line.price_id).toBe(groupPrice.spec.id);
    expect(line.core_seconds).toBeGreaterThan(0);
    // a few core-seconds at 36 a core-hour is under a fen: rounded up to 100, and at least the minimum 500
    expect(line.cost).toBe(500);
    // the group's price ends and a dearer one starts: the charged job keeps its price and cost
    expect((await call(t.app, 'DELETE', `/fee/prices/${groupPrice.spec.id}`, admin)).code).toBe(200);
    expect((await call(t.app, 'POST', '/fee/prices', admin, { cluster_name: 'local', partition: 'local', group_id: demoLab, core_hour_price: 360_000, valid_from: day(-1) })).code).toBe(200);
    expect((await call(t.app, 'POST', '/fee/sync', admin)).code).toBe(200);
    expect(await lineOf()).toMatchObject({ price_id: groupPrice.spec.id, cost: 500 });
    expect((await call(t.app, 'PUT', '/fee/settings', admin, { minimum_charge: 0, rounding_unit: 1 })).code).toBe(200);
  });
});

describe('allocations and the over-limit rule', () => {
  let groupAllocation: Allocation;

  it('refuses negative and non-numeric allocations and unknown holders', async () => {
    const negative = await call(t.app, 'POST', '/fee/allocations', admin, { scope: 'group', target_name: 'demo-lab', cpu_seconds_limit: -5 });
    expect([negative.code, fields(negative)]).toEqual([1400, ['body.cpu_seconds_limit']]);
    const text = await call(t.app, 'POST', '/fee/allocations', admin, { scope: 'group', target_name: 'demo-lab', balance: 'lots' });
    expect([text.code, fields(text)]).toEqual([1400, ['body.balance']]);
    const nobody = await call(t.app, 'POST', '/fee/allocations', admin, { scope: 'group', target_name: 'no-such-lab', cpu_seconds_limit: 5 });
    expect([nobody.code, fields(nobody)]).toEqual([1404, ['body.target_name']]);
  });

  it('lets a group administrator give a member CPU-hours within the group’s allocation only', async () => {
    const created = await call<{ allocation: Allocation }>(t.app, 'POST', '/fee/allocations', admin, { scope: 'group', target_name: 'demo-lab', cpu_seconds_limit: 10 * hour, valid_from: day(-1) });
    expect(created.code).toBe(200);
    groupAllocation = created.spec.allocation;
    const above = await call(t.app, 'POST', `/fee/userlevel/cpuhours/${boundId}`, gadmin, { cpu_seconds_limit: 11 * hour });
    expect([above.code, fields(above)]).toEqual([1400, ['body.cpu_seconds_limit']]);
    const notMine = await call(t.app, 'POST', `/fee/userlevel/cpuhours/${outsider.userId}`, gadmin, { cpu_seconds_limit: hour });
    expect(notMine.code).toBe(1403);
    expect((await call(t.app, 'POST', `/fee/userlevel/cpuhours/${boundId}`, gadmin, { cpu_seconds_limit: 'one' })).code).toBe(1400);
    const given = await call<{ allocation: Allocation }>(t.app, 'POST', `/fee/userlevel/cpuhours/${boundId}`, gadmin, { cpu_seconds_limit: hour });
    expect(given.code).toBe(200);
    expect(given.spec.allocation).toMatchObject({ scope: 'user', target_name: 'demo-bound', cpu_seconds_limit: hour, granted_by_group_id: demoLab });
    const members = await call<List<MemberUsage>>(t.app, 'GET', '/fee/userlevel/cpuhours', gadmin);
    expect(members.spec.list.find((m) => m.user_name === 'demo-bound')?.allocation?.cpu_seconds_limit).toBe(hour);
    expect((await call(t.app, 'GET', '/fee/userlevel/cpuhours', bound)).code).toBe(1403);
    expect((await call(t.app, 'GET', `/fee/userlevel/cpuhours/search/${boundId}`, outsider.token)).code).toBe(1403);
  });

  it('refuses the next submission once the member’s usage passes the limit, naming the allocation; raising lifts it', async () => {
    expect((await submit(bound)).code).toBe(200);
    await seedUsage('900001', 'demo_lab_bound', boundId, demoLab, hour + 1);
    const status = await call<FeeStatus>(t.app, 'GET', '/fee/status', bound);
    expect(status.spec.over_limit).toBe(true);
    expect(status.spec.exceeded).toMatchObject({ scope: 'user', target_name: 'demo-bound' });
    const refused = await submit(bound);
    expect(refused.code).toBe(1403);
    expect(refused.info).toContain(`allocation #${status.spec.exceeded!.id}`);
    // the accounting round that sees it tells the user once (issue 11: over the CPU-hour limit), however often it runs
    expect((await call(t.app, 'POST', '/fee/sync', admin)).code).toBe(200);
    expect((await call(t.app, 'POST', '/fee/sync', admin)).code).toBe(200);
    const notices = await call<{ list: { title: string; content: string }[]; total: number }>(t.app, 'GET', '/message/message?field_eq_kind=fee_over_limit', bound);
    expect(notices.spec.total).toBe(1);
    expect(notices.spec.list[0]!.title).toContain('Over the CPU-hour limit');
    expect(notices.spec.list[0]!.content).toContain(`allocation #${status.spec.exceeded!.id}`);
    expect(refused.info).toContain('demo-bound');
    // the group administrator raises it
    expect((await call(t.app, 'POST', `/fee/userlevel/cpuhours/${boundId}`, gadmin, { cpu_seconds_limit: 2 * hour })).code).toBe(200);
    expect((await call<FeeStatus>(t.app, 'GET', '/fee/status', bound)).spec.over_limit).toBe(false);
    expect((await submit(bound)).code).toBe(200);
  });

  it('stops the whole group at the group’s allocation, and the admin’s whitelist and block override the rule', async () => {
    await seedUsage('900002', 'demo_lab_gadmin', await idOfUser(t, 'demo-gadmin'), demoLab, 10 * hour);
    const status = await call<FeeStatus>(t.app, 'GET', '/fee/status', gadmin);
    expect(status.spec.exceeded?.id).toBe(groupAllocation.id);
    expect((await call(t.app, 'PUT', '/fee/flags/demo-gadmin', admin, { whitelisted: true })).code).toBe(200);
    expect((await call<FeeStatus>(t.app, 'GET', '/fee/status', gadmin)).spec.over_limit).toBe(false);
    expect((await call(t.app, 'PATCH', `/fee/allocations/${groupAllocation.id}`, admin, { cpu_seconds_limit: 100 * hour })).code).toBe(200);
    expect((await call(t.app, 'PUT', '/fee/flags/demo-bound', admin, { blocked: true, reason: 'unpaid invoice' })).code).toBe(200);
    const blocked = await submit(bound);
    expect([blocked.code, blocked.info.includes('unpaid invoice')]).toEqual([1403, true]);
    expect((await call(t.app, 'PUT', '/fee/flags/demo-bound', admin, { blocked: false })).code).toBe(200);
    expect((await submit(bound)).code).toBe(200);
    expect((await call(t.app, 'PUT', '/fee/flags/nobody-here', admin, { blocked: true })).code).toBe(1404);
  });
});

describe('over the limit: app runs and money balances', () => {
  it('refuses an app run over the CPU-hour limit, naming the allocation, before anything is written', async () => {
    // demo-bound used over an hour (seeded above); the group administrator lowers the member to one hour
    expect((await call(t.app, 'POST', `/fee/userlevel/cpuhours/${boundId}`, gadmin, { cpu_seconds_limit: hour })).code).toBe(200);
    const status = await call<FeeStatus>(t.app, 'GET', '/fee/status', bound);
    expect(status.spec.over_limit).toBe(true);
    const runs = async () => (await t.database.db.select({ n: count() }).from(appRuns))[0]!.n;
    const before = await runs();
    const refused = await call(t.app, 'POST', '/app/apps/word-count/runs', bound, { partition: 'local', job_order: { file: { class: 'File', path: 'fee-words.txt' } } });
    expect(refused.code).toBe(1403);
    expect(refused.info).toContain(`allocation #${status.spec.exceeded!.id}`);
    expect((refused.spec as { over_limit?: boolean }).over_limit).toBe(true);
    expect(await runs()).toBe(before);
    expect((await call(t.app, 'POST', `/fee/userlevel/cpuhours/${boundId}`, gadmin, { cpu_seconds_limit: 3 * hour })).code).toBe(200);
    // under the limit again, the same launch goes on to the next check (the input file does not exist)
    const next = await call(t.app, 'POST', '/app/apps/word-count/runs', bound, { partition: 'local', job_order: { file: { class: 'File', path: 'fee-words.txt' } } });
    expect(next.code).toBe(1400);
  });

  it('refuses submissions once a money balance is spent, naming the allocation; topping it up lifts that', async () => {
    const created = await call<{ allocation: Allocation }>(t.app, 'POST', '/fee/allocations', admin, { scope: 'user', target_name: 'demo-bound', balance: 1000, valid_from: day(-1) });
    expect(created.code).toBe(200);
    expect(created.spec.allocation.over_limit).toBe(false);
    expect((await submit(bound)).code).toBe(200);
    await seedUsage('900200', 'demo_lab_bound', boundId, demoLab, 1, 1000);
    const status = await call<FeeStatus>(t.app, 'GET', '/fee/status', bound);
    expect(status.spec).toMatchObject({ over_limit: true, exceeded: { id: created.spec.allocation.id } });
    expect(status.spec.reason).toContain('balance');
    const refused = await submit(bound);
    expect(refused.code).toBe(1403);
    expect(refused.info).toContain(`balance of allocation #${created.spec.allocation.id}`);
    const app = await call(t.app, 'POST', '/app/apps/word-count/runs', bound, { partition: 'local', job_order: { file: { class: 'File', path: 'fee-words.txt' } } });
    expect(app.code).toBe(1403);
    const topped = await call<{ allocation: Allocation }>(t.app, 'PATCH', `/fee/allocations/${created.spec.allocation.id}`, admin, { balance: 5000 });
    expect(topped.spec.allocation).toMatchObject({ over_limit: false, spent: expect.any(Number) });
    expect((await submit(bound)).code).toBe(200);
  });
});

describe('community boards', () => {
  it('show a community’s groups to its administrators only, with CSV', async () => {
    const db = t.database.db;
    const [mine] = await db.insert(communities).values({ name: 'fee-science' }).returning();
    const [other] = await db.insert(communities).values({ name: 'fee-arts' }).returning();
    await db.insert(communityGroups).values({ communityId: mine!.id, groupId: demoLab });
    await db.insert(communityGroups).values({ communityId: other!.id, groupId: outsider.groupId });
    const head = await addGroupMember(t, 'fee-board-lab', 'fee-head', null);
    await db.insert(communityAdmins).values({ communityId: mine!.id, userId: head.userId });
    const token = await login(t.app, 'fee-head', demoPassword);
    await seedUsage('900003', 'demo_lab_bound', boundId, demoLab, 7200, 250, mine!.id);
    const board = await call<CommunityUsage>(t.app, 'GET', '/fee/community/fee-science', token);
    expect(board.code).toBe(200);
    expect(board.spec.groups.list).toEqual([expect.objectContaining({ group_name: 'demo-lab' })]);
    expect(board.spec.core_seconds).toBe(7200);
    expect((await call(t.app, 'GET', '/fee/community/fee-arts', token)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/fee/community/fee-science', bound)).code).toBe(1403);
    const csv = await t.app.inject({ url: api('/fee/community/fee-science/csv'), headers: tokenHeader(token) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('group,members,core_hours,cost_yuan');
    expect(csv.body).toContain('demo-lab,');
  });
});
