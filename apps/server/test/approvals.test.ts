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
import { apps } from '../src/db/schema/apps';
import { feeAllocations } from '../src/db/schema/fees';
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
      ['cpu_hours', 'default'],
      ['app_publish', 'default'],
      ['image_public', 'default'],
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
    expect(fields(await applyFor(applicant, { kind: 'no_such_kind', payload: {} }))).toContain('body.kind');
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

/** Approves through the default chain: demo-lab's group admin, then an approval admin. */
const approveThrough = async (id: number) => {
  expect((await decide(gadmin, id, 0)).code).toBe(200);
  const done = await decide(admin, id, 1);
  expect(done.code).toBe(200);
  return done.spec;
};
const allocationsOf = async (userId: number) => t.database.db.select().from(feeAllocations).where(and(eq(feeAllocations.scope, 'user'), eq(feeAllocations.targetId, userId)));
const userIdOf = async (name: string) => (await t.database.db.select().from(users).where(eq(users.userName, name)))[0]!.id;

describe('CPU hours (the fees module)', () => {
  it('refuses bad input naming the field: negative or zero hours, an unknown cluster', async () => {
    const negative = await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: -5 } });
    expect([negative.code, fields(negative)]).toEqual([1400, ['body.payload.cpu_hours']]);
    expect(fields(await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: 0 } }))).toEqual(['body.payload.cpu_hours']);
    expect(fields(await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: 'ten' } }))).toEqual(['body.payload.cpu_hours']);
    const unknown = await applyFor(applicant, { kind: 'cpu_hours', payload: { cluster_name: 'nowhere', cpu_hours: 10 } });
    expect([unknown.code, fields(unknown)]).toEqual([1404, ['body.payload.cluster_name']]);
    expect(await allocationsOf(await userIdOf('demo-bound'))).toEqual([]);
  });

  it('a rejection writes no allocation; approval through the chain writes the user allocation for the period', async () => {
    const userId = await userIdOf('demo-bound');
    const refused = (await applyFor(applicant, { kind: 'cpu_hours', payload: { cluster_name: 'local', cpu_hours: 1000 } })).spec;
    expect((await decide(gadmin, refused.id, 0)).code).toBe(200);
    expect((await decide(admin, refused.id, 1, 'reject', 'too much')).spec.state).toBe('rejected');
    expect(await allocationsOf(userId)).toEqual([]);

    const applied = await applyFor(applicant, { kind: 'cpu_hours', payload: { cluster_name: 'local', cpu_hours: 12.5 }, period_days: 30 });
    expect(applied.code).toBe(200);
    expect((await decide(gadmin, applied.spec.id, 0)).code).toBe(200);
    expect(await allocationsOf(userId)).toEqual([]); // one node is not the chain
    const done = await decide(admin, applied.spec.id, 1);
    expect(done.spec.state).toBe('approved');
    const rows = await allocationsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clusterName: 'local', cpuSecondsLimit: 45_000, balance: null });
    expect(rows[0]!.validTo!.toISOString()).toBe(done.spec.expires_at);
  });
});

describe('renewal', () => {
  it('a renewal continues the period where the renewed one ends, and the renewed one becomes renewed', async () => {
    const userId = await userIdOf('demo-bound');
    const first = await approveThrough((await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: 5 }, period_days: 10 })).spec.id);
    expect(first.state).toBe('approved');
    // a renewal of another kind, of someone else's, or of a pending one is refused
    expect((await applyFor(stranger.token, { kind: 'cpu_hours', payload: { cpu_hours: 5 }, period_days: 10, renews: first.id })).code).toBe(1404);
    const renewal = await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: 5 }, period_days: 20, renews: first.id });
    expect(renewal.spec).toMatchObject({ state: 'pending', renews: first.id });
    expect((await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: 6 }, renews: renewal.spec.id })).code).toBe(1409);
    const renewed = await approveThrough(renewal.spec.id);
    expect(renewed.state).toBe('approved');
    expect(new Date(renewed.expires_at!).getTime()).toBe(new Date(first.expires_at!).getTime() + 20 * 86_400_000);
    expect((await call<Application>(t.app, 'GET', `/apply/approval-details/${first.id}`, applicant)).spec.state).toBe('renewed');
    expect((await allocationsOf(userId)).map((a) => a.validTo?.toISOString()).filter((d) => d === renewed.expires_at)).toHaveLength(1);
    // a renewed application cannot be renewed again (its successor can)
    expect((await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: 5 }, period_days: 5, renews: first.id })).code).toBe(1409);
  });
});

describe('an all-of node', () => {
  let chainId: number;
  it('needs every approver: one approval leaves it pending and grants nothing; the second applies it', async () => {
    const chain = await call<ApprovalChain>(t.app, 'POST', '/approval/approval-nodes', admin, {
      name: 'both admins',
      nodes: [{ name: 'both', mode: 'all', approvers: { user_ids: [admin2.userId, gadmin2.userId] } }],
    });
    expect(chain.code).toBe(200);
    chainId = chain.spec.id;
    expect((await call(t.app, 'PATCH', '/approval/approval-root/cpu_hours', admin, { chain_id: chainId })).code).toBe(200);
    const userId = await userIdOf('phys-ann');
    const applied = (await applyFor(stranger.token, { kind: 'cpu_hours', payload: { cpu_hours: 3 } })).spec;
    expect((await decide(gadmin, applied.id, 0)).code).toBe(1404); // not an approver of this node (nor of any)
    const one = await decide(admin2.token, applied.id, 0);
    expect(one.spec).toMatchObject({ state: 'pending', current_node: 0 });
    expect(await allocationsOf(userId)).toEqual([]);
    expect((await decide(admin2.token, applied.id, 0)).code).toBe(1409); // twice
    const both = await decide(gadmin2.token, applied.id, 0);
    expect(both.spec.state).toBe('approved');
    expect(both.spec.decisions.map((d) => d.user_id).sort()).toEqual([admin2.userId, gadmin2.userId].sort());
    expect(await allocationsOf(userId)).toHaveLength(1);
  });

  it('both approvers deciding at the same moment: each decision recorded once, the grant written once', async () => {
    const userId = await userIdOf('phys-ann');
    const applied = (await applyFor(stranger.token, { kind: 'cpu_hours', payload: { cpu_hours: 4 } })).spec;
    const replies = await Promise.all([decide(admin2.token, applied.id, 0), decide(gadmin2.token, applied.id, 0), decide(admin2.token, applied.id, 0), decide(gadmin2.token, applied.id, 0)]);
    expect(codes(replies)).toEqual([200, 200, 1409, 1409]);
    const done = (await call<Application>(t.app, 'GET', `/apply/approval-details/${applied.id}`, stranger.token)).spec;
    expect(done.state).toBe('approved');
    expect(done.decisions).toHaveLength(2);
    expect((await allocationsOf(userId)).filter((a) => a.cpuSecondsLimit === 4 * 3600)).toHaveLength(1);
    expect((await call(t.app, 'PATCH', '/approval/approval-root/cpu_hours', admin, { chain_id: null })).code).toBe(200);
  });

  it('two approvers of an any-of node at the same moment: exactly one decision applied', async () => {
    const defaultChain = (await call<ApprovalChain[]>(t.app, 'GET', '/approval/approval-nodes', admin)).spec.find((c) => c.name === 'default')!;
    expect((await call(t.app, 'PATCH', '/approval/approval-root/cpu_hours', admin, { chain_id: defaultChain.id })).code).toBe(200);
    const userId = await userIdOf('demo-bound');
    const before = (await allocationsOf(userId)).length;
    const applied = (await applyFor(applicant, { kind: 'cpu_hours', payload: { cpu_hours: 7 } })).spec;
    expect(codes(await Promise.all([decide(gadmin, applied.id, 0), decide(gadmin2.token, applied.id, 0)]))).toEqual([200, 1409]);
    const replies = await Promise.all([decide(admin, applied.id, 1), decide(admin2.token, applied.id, 1, 'reject', 'no')]);
    expect(codes(replies)).toEqual([200, 1409]);
    const done = (await call<Application>(t.app, 'GET', `/apply/approval-details/${applied.id}`, applicant)).spec;
    expect(done.decisions.filter((d) => d.node === 1)).toHaveLength(1);
    expect((await allocationsOf(userId)).length).toBe(before + (done.state === 'approved' ? 1 : 0));
  });
});

describe('publishing an app (the apps module)', () => {
  const insertApp = async (name: string, ownerName: string | null, visibility: string) => {
    const ownerUserId = ownerName ? await userIdOf(ownerName) : null;
    await t.database.db.insert(apps).values({ name, title: name, ownerKind: ownerName ? 'user' : 'platform', ownerUserId, visibility, cwlClass: 'CommandLineTool', latestVersion: 1 });
  };
  const visibilityOf = async (name: string) => (await t.database.db.select().from(apps).where(eq(apps.name, name)))[0]!.visibility;

  it('refuses an unknown app, another user\'s app, and a public one, naming the field', async () => {
    await insertApp('bound-tool', 'demo-bound', 'private');
    await insertApp('ann-tool', 'phys-ann', 'private');
    await insertApp('ann-public', 'phys-ann', 'public');
    await insertApp('platform-tool', null, 'public');
    const refusal = async (token: string, app: string) => {
      const r = await applyFor(token, { kind: 'app_publish', payload: { app_name: app } });
      return [r.code, fields(r)];
    };
    expect(await refusal(applicant, 'no-such-app')).toEqual([1404, ['body.payload.app_name']]);
    expect(await refusal(applicant, 'ann-tool')).toEqual([1404, ['body.payload.app_name']]);
    expect(await refusal(applicant, 'ann-public')).toEqual([1403, ['body.payload.app_name']]);
    expect(await refusal(applicant, 'platform-tool')).toEqual([1403, ['body.payload.app_name']]);
    expect(await refusal(stranger.token, 'ann-public')).toEqual([1409, ['body.payload.app_name']]);
    expect(fields(await applyFor(applicant, { kind: 'app_publish', payload: { app_name: 'bound-tool' }, period_days: 3 }))).toEqual(['body.period_days']);
    expect(fields(await applyFor(applicant, { kind: 'app_publish', payload: {} }))).toEqual(['body.payload.app_name']);
  });

  it('a rejection leaves the app private; approval through the chain makes it public', async () => {
    const refused = (await applyFor(applicant, { kind: 'app_publish', payload: { app_name: 'bound-tool' } })).spec;
    expect((await decide(gadmin, refused.id, 0, 'reject', 'write a description first')).spec.state).toBe('rejected');
    expect(await visibilityOf('bound-tool')).toBe('private');
    const applied = (await applyFor(applicant, { kind: 'app_publish', payload: { app_name: 'bound-tool' }, reason: '<p>for <b>all</b></p>' })).spec;
    expect((await decide(gadmin, applied.id, 0)).code).toBe(200);
    expect(await visibilityOf('bound-tool')).toBe('private');
    expect((await decide(admin, applied.id, 1)).spec.state).toBe('approved');
    expect(await visibilityOf('bound-tool')).toBe('public');
    // now anyone reads it in the catalogue
    const listed = (await call<List<{ name: string }>>(t.app, 'GET', '/app/apps?page_size=100', stranger.token)).spec;
    expect(listed.list.map((a) => a.name)).toContain('bound-tool');
  });
});
