import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, ApprovalChain, ApprovalRoot } from '@starlight/contract/approvals';
import type { List } from '@starlight/contract/envelope';
import type { Partition } from '@starlight/contract/hpc';
import type { Message } from '@starlight/contract/messages';
import { applications } from '../src/db/schema/approvals';
import { groupAdmins, roles, userRoles, users } from '../src/db/schema/identity';
import { messages } from '../src/db/schema/messages';
import { partitionGrants } from '../src/db/schema/quotas';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { addGroupMember, idOfGroup, partitionNamed } from './quotas-helpers';

/*
 * Issue 11, approvals: chains, applications of the three kinds that exist, and the rules that make an
 * approval take effect exactly once — one transaction holds the application row while a node is decided
 * and, on the last node, writes the grant. Runs on PGlite and (STARLIGHT_TEST_PG) PostgreSQL, where the
 * parallel requests below really race for the row lock.
 */
let t: TestApp;
let dataDir: string;
let admin: string; // platform admin: manage_approval
let admin2: { token: string; userId: number }; // a second approval administrator
let applicant: string; // demo-bound: demo-lab, bound
let gadmin: string; // demo-gadmin: administers demo-lab
let gadmin2: { token: string; userId: number }; // a second administrator of demo-lab
let stranger: { token: string }; // physics-lab member
let local: Partition;
let demoLab: number;

const fields = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] })?.fields ?? []).map((f) => f.path);
const applyFor = (token: string, payload: Record<string, unknown>) => call<Application>(t.app, 'POST', '/apply/applications', token, payload);
const decide = (token: string, id: number, node: number, decision: 'approve' | 'reject' = 'approve', comment = '') =>
  call<Application>(t.app, 'POST', `/apply/applications/${id}/decision`, token, { decision, node, comment });
const submit = (token: string) => call<{ job_id: string }>(t.app, 'POST', '/job/jobs', token, { name: 'approved', script: 'echo approved', partition: 'local' });
const grantsOfDemoLab = async () =>
  t.database.db.select().from(partitionGrants).where(and(eq(partitionGrants.groupId, demoLab), eq(partitionGrants.partitionName, 'local')));
const messagesOf = async (userName: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.userName, userName));
  return t.database.db.select().from(messages).where(and(eq(messages.userId, user!.id), eq(messages.kind, 'application')));
};
const codes = (replies: { code: number }[]) => replies.map((r) => r.code).sort((a, b) => a - b);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-approvals-'));
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, applicant, gadmin] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-bound', demoPassword), login(t.app, 'demo-gadmin', demoPassword)]);
  stranger = await addGroupMember(t, 'physics-lab', 'phys-ann', 'phys_lab_ann');
  admin2 = await addGroupMember(t, 'physics-lab', 'phys-approver', null);
  const [platform] = await t.database.db.select().from(roles).where(eq(roles.name, 'platform-admin'));
  await t.database.db.insert(userRoles).values({ userId: admin2.userId, roleId: platform!.id });
  admin2.token = await login(t.app, 'phys-approver', demoPassword);
  demoLab = await idOfGroup(t, 'demo-lab');
  gadmin2 = await addGroupMember(t, 'demo-lab', 'demo-gadmin2', null, true);
  local = await partitionNamed(t, admin, 'local', 'local');
  // a fresh install as root grants local to every group; take it away so access must be applied for
  await call(t.app, 'DELETE', `/kcluster/partitions/${local.id}/groupquotas/0`, admin);
}, 180_000);
afterAll(async () => {
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

describe('chains and approval-root', () => {
  it('starts with the default chain (group admin, then approval admin) used by every kind', async () => {
    const roots = (await call<ApprovalRoot[]>(t.app, 'GET', '/approval/approval-root', admin)).spec;
    expect(roots.map((r) => [r.kind, r.chain_name])).toEqual([
      ['partition_access', 'default'],
      ['storage_quota', 'default'],
      ['group_join', 'default'],
    ]);
    const chains = (await call<ApprovalChain[]>(t.app, 'GET', '/approval/approval-nodes', admin)).spec;
    expect(chains[0]!.nodes.map((n) => n.name)).toEqual(['group admin', 'approval admin']);
  });

  it('is for manage_approval only, and refuses bad chains naming the field', async () => {
    expect((await call(t.app, 'GET', '/approval/approval-nodes', applicant)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/approval/staff-approval', gadmin)).code).toBe(1403);
    expect(fields(await call(t.app, 'POST', '/approval/approval-nodes', admin, { name: 'x', nodes: [] }))).toContain('body.nodes');
    expect(fields(await call(t.app, 'POST', '/approval/approval-nodes', admin, { name: 'x', nodes: [{ name: 'n', approvers: { perms: ['no_such_key'] } }] }))).toContain('body.nodes.0.approvers.perms.0');
    expect((await call(t.app, 'POST', '/approval/approval-nodes', admin, { name: 'default', nodes: [{ name: 'n', approvers: {} }] })).code).toBe(1409);
    expect((await call(t.app, 'PATCH', '/approval/approval-root/partition_access', admin, { chain_id: 9999 })).code).toBe(1404);
    const chains = (await call<ApprovalChain[]>(t.app, 'GET', '/approval/approval-nodes', admin)).spec;
    expect((await call(t.app, 'DELETE', `/approval/approval-nodes/${chains[0]!.id}`, admin)).code).toBe(1409);
  });
});

describe('applying', () => {
  it('answers bad input with 1400/1404/1409 naming the field, and stores nothing', async () => {
    expect(fields(await applyFor(applicant, { kind: 'cpu_hours', payload: {} }))).toContain('body.kind');
    expect(fields(await applyFor(applicant, { kind: 'partition_access', payload: { cluster_name: 'local' } }))).toContain('body.payload.partition_name');
    const unknown = await applyFor(applicant, { kind: 'partition_access', payload: { cluster_name: 'local', partition_name: 'nope' } });
    expect([unknown.code, fields(unknown)]).toEqual([1404, ['body.payload.partition_name']]);
    expect(fields(await applyFor(applicant, { kind: 'group_join', payload: { group_name: 'physics-lab' }, period_days: 30 }))).toContain('body.period_days');
    expect((await applyFor(applicant, { kind: 'group_join', payload: { group_name: 'demo-lab' } })).code).toBe(1409);
    expect((await applyFor(applicant, { kind: 'partition_access', payload: { cluster_name: 'local', partition_name: 'local' }, renews: 9999 })).code).toBe(1404);
    expect(await t.database.db.select().from(applications)).toEqual([]);
  });
});

describe('partition access through two nodes', () => {
  let id: number;

  it('is applied for; the job is refused until approved; the group admins are told', async () => {
    expect((await submit(applicant)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/apply/partitions', applicant)).spec).toEqual([{ cluster_name: 'local', partition_name: 'local', usable: false }]);
    const applied = await applyFor(applicant, {
      kind: 'partition_access',
      payload: { cluster_name: 'local', partition_name: 'local' },
      reason: '<p>need it</p><img src=x onerror=alert(1)><script>alert(2)</script>',
      period_days: 30,
    });
    expect(applied).toMatchObject({ code: 200, spec: { state: 'pending', current_node: 0, reason: '<p>need it</p>' } });
    id = applied.spec.id;
    expect((await applyFor(applicant, { kind: 'partition_access', payload: { cluster_name: 'local', partition_name: 'local' } })).code).toBe(1409);
    expect((await messagesOf('demo-gadmin')).map((m) => m.title)).toEqual([expect.stringContaining('local/local')]);
    const todo = (await call<List<Application>>(t.app, 'GET', '/apply/todo', gadmin)).spec;
    expect(todo.list.map((a) => [a.id, a.can_decide])).toEqual([[id, true]]);
    expect((await call<List<Application>>(t.app, 'GET', '/apply/todo', admin)).spec.total).toBe(0);
  });

  it('refuses deciders who are not approvers of the current node, the applicant, and readers of others', async () => {
    expect((await decide(admin, id, 0)).code).toBe(1403); // an approval admin, but node 0 is the group's
    expect((await decide(applicant, id, 0)).code).toBe(1403);
    expect((await decide(stranger.token, id, 0)).code).toBe(1404);
    expect((await call(t.app, 'GET', `/apply/approval-details/${id}`, stranger.token)).code).toBe(1404);
    expect(fields(await decide(gadmin, id, 0, 'reject', '<p> </p>'))).toContain('body.comment');
    expect((await call<Application>(t.app, 'GET', `/apply/approval-details/${id}`, applicant)).spec).toMatchObject({ state: 'pending', current_node: 0, decisions: [] });
  });

  it('two group admins deciding node 0 at once, each twice: exactly one decision, the others 1409', async () => {
    const replies = await Promise.all([decide(gadmin, id, 0), decide(gadmin2.token, id, 0), decide(gadmin, id, 0), decide(gadmin2.token, id, 0)]);
    expect(codes(replies)).toEqual([200, 1409, 1409, 1409]);
    const now = (await call<Application>(t.app, 'GET', `/apply/approval-details/${id}`, applicant)).spec;
    expect(now).toMatchObject({ state: 'pending', current_node: 1 });
    expect(now.decisions).toHaveLength(1);
    expect((await messagesOf('admin')).map((m) => m.title)).toEqual([expect.stringContaining('local/local')]);
  });

  it('two approval admins approving node 1 at once: one approval, the grant written once, the applicant told once', async () => {
    const replies = await Promise.all([decide(admin, id, 1), decide(admin2.token, id, 1), decide(admin, id, 1)]);
    expect(codes(replies)).toEqual([200, 1409, 1409]);
    const done = (await call<Application>(t.app, 'GET', `/apply/approval-details/${id}`, applicant)).spec;
    expect(done).toMatchObject({ state: 'approved', current_node: 1 });
    expect(done.decisions.map((d) => d.node)).toEqual([0, 1]);
    const grants = await grantsOfDemoLab();
    expect(grants).toHaveLength(1);
    expect(grants[0]!.expiresAt!.toISOString()).toBe(done.expires_at);
    expect((await messagesOf('demo-bound')).map((m) => m.title)).toEqual([expect.stringContaining('Application approved')]);
    const bell = (await call<List<Message>>(t.app, 'GET', '/message/message?field_eq_status=1', applicant)).spec;
    expect(bell.list.some((m) => m.kind === 'application')).toBe(true);
    expect((await call(t.app, 'GET', '/apply/partitions', applicant)).spec).toEqual([{ cluster_name: 'local', partition_name: 'local', usable: true }]);
    expect((await submit(applicant)).code).toBe(200);
  });

  it('approving an approved application, or an old node, is 1409 and changes nothing', async () => {
    expect((await decide(admin, id, 1)).code).toBe(1409);
    expect((await decide(gadmin, id, 0)).code).toBe(1409);
    expect((await call(t.app, 'POST', `/apply/applications/${id}/withdraw`, applicant)).code).toBe(1409);
    expect(await grantsOfDemoLab()).toHaveLength(1);
  });

  it('staff see every application; the applicant sees theirs', async () => {
    const all = (await call<List<Application>>(t.app, 'GET', '/approval/staff-approval?field_eq_kind=partition_access', admin)).spec;
    expect(all.list.map((a) => a.id)).toEqual([id]);
    expect((await call<List<Application>>(t.app, 'GET', '/apply/my-apply', applicant)).spec.list.map((a) => a.id)).toEqual([id]);
    expect((await call<List<Application>>(t.app, 'GET', '/apply/my-apply', gadmin)).spec.total).toBe(0);
  });
});

describe('withdraw and reject', () => {
  it('a withdrawn application cannot be approved; a rejection ends it with the reason and grants nothing', async () => {
    const join = await applyFor(stranger.token, { kind: 'group_join', payload: { group_name: 'demo-lab' } });
    expect(join.code).toBe(200);
    // joining demo-lab is decided by demo-lab's administrators
    expect((await call<List<Application>>(t.app, 'GET', '/apply/todo', gadmin)).spec.list.map((a) => a.id)).toEqual([join.spec.id]);
    const [withdrawn, approved] = await Promise.all([call<Application>(t.app, 'POST', `/apply/applications/${join.spec.id}/withdraw`, stranger.token), decide(gadmin, join.spec.id, 0)]);
    // either order is fine; never both
    expect(codes([withdrawn, approved])).toEqual([200, 1409]);
    if (withdrawn.code === 200) {
      expect((await decide(gadmin2.token, join.spec.id, 0)).code).toBe(1409);
      expect((await call(t.app, 'POST', `/apply/applications/${join.spec.id}/withdraw`, stranger.token)).code).toBe(1409);
    }

    const again = await applyFor(stranger.token, { kind: 'group_join', payload: { group_name: 'demo-lab' } });
    const rejected = await decide(gadmin, again.spec.id, 0, 'reject', '<p>not <b>yet</b><a href="javascript:alert(1)">x</a></p>');
    expect(rejected.spec).toMatchObject({ state: 'rejected' });
    expect(rejected.spec.decisions[0]!.comment).toBe('<p>not <b>yet</b><a target="_blank" rel="noopener noreferrer">x</a></p>');
    expect((await decide(gadmin2.token, again.spec.id, 0)).code).toBe(1409);
    const [member] = await t.database.db.select().from(users).where(eq(users.userName, 'phys-ann'));
    expect(member!.groupId).not.toBe(demoLab);
    expect((await messagesOf('phys-ann')).map((m) => m.title)).toEqual([expect.stringContaining('Application rejected')]);
  });

  it('an application whose object is gone can still be rejected (and not approved)', async () => {
    const created = await call<{ id: number }>(t.app, 'POST', '/user/groups', admin, { name: 'short-lived-lab', description: '' });
    expect(created.code).toBe(200);
    const join = (await applyFor(stranger.token, { kind: 'group_join', payload: { group_name: 'short-lived-lab' } })).spec;
    expect((await call(t.app, 'DELETE', `/user/groups/${await idOfGroup(t, 'short-lived-lab')}`, admin)).code).toBe(200);
    // the group had no administrators: the node falls to the approval administrators
    expect((await decide(admin, join.id, 0)).code).toBe(1404);
    const rejected = await decide(admin, join.id, 0, 'reject', 'the group is gone');
    expect([rejected.code, rejected.spec.state]).toEqual([200, 'rejected']);
  });

  it('joining a group, approved by both nodes, moves the user (group admin rights in the old group go)', async () => {
    const boss = await addGroupMember(t, 'physics-lab', 'phys-boss', null, true);
    const join = (await applyFor(boss.token, { kind: 'group_join', payload: { group_name: 'demo-lab' } })).spec;
    expect((await decide(gadmin2.token, join.id, 0)).code).toBe(200);
    expect((await decide(admin, join.id, 1)).spec.state).toBe('approved');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, boss.userId));
    expect(row!.groupId).toBe(demoLab);
    expect(await t.database.db.select().from(groupAdmins).where(eq(groupAdmins.userId, boss.userId))).toEqual([]);
  });
});

describe('periods', () => {
  it('reminds before the end and removes the grant at expiry (at the next start or sweep)', async () => {
    const [approved] = await t.database.db.select().from(applications).where(eq(applications.kind, 'partition_access'));
    const soon = new Date(Date.now() + 86_400_000);
    await t.database.db.update(applications).set({ expiresAt: soon }).where(eq(applications.id, approved!.id));
    // a restart sweeps at once (what ended while the server was down)
    await t.app.close();
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' }, database: t.database });
    expect((await messagesOf('demo-bound')).map((m) => m.title)).toContainEqual(expect.stringContaining('Expiring soon'));
    const past = new Date(Date.now() - 1000);
    await t.database.db.update(applications).set({ expiresAt: past }).where(eq(applications.id, approved!.id));
    await t.database.db.update(partitionGrants).set({ expiresAt: past }).where(eq(partitionGrants.groupId, demoLab));
    await t.app.close();
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' }, database: t.database });
    const [expired] = await t.database.db.select().from(applications).where(eq(applications.id, approved!.id));
    expect(expired!.state).toBe('expired');
    expect(await grantsOfDemoLab()).toEqual([]);
    expect((await messagesOf('demo-bound')).map((m) => m.title)).toContainEqual(expect.stringContaining('Expired'));
  });
});
