import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { AvailableCluster, AvailablePartition, Partition } from '@starlight/contract/hpc';
import type {
  ClusterQuota,
  ClusterUser,
  GroupAvailability,
  GroupQuota,
  GroupQuotaChange,
  UsablePartition,
  UserAvailability,
  UserQuota,
  UserQuotaChange,
} from '@starlight/contract/quotas';
import { auditEvents } from '../src/db/schema/audit';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { addGroupMember, idOfGroup, idOfUser, partitionNamed, recordFinishedJob } from './quotas-helpers';

/*
 * Issue 4 part 3: grants (group quotas), user quotas, cluster quotas and the availability they decide,
 * on the embedded `local` cluster. Every call of the three families (Admin, GAdmin, user), confinement
 * to one's own group, bad input, and job submits refused or limited by the records.
 */
let t: TestApp;
let dataDir: string;
let admin: string;
let bound: string; // demo-bound: demo-lab, bound to demo_lab_bound
let gadmin: string; // demo-gadmin: administers demo-lab
let unbound: string; // demo-user: demo-lab, no keys, unbound
let outsider: { token: string; userId: number; groupId: number }; // physics-lab, bound to phys_lab_ann
let otherAdmin: { token: string; userId: number; groupId: number }; // administers physics-lab
let local: Partition;
let demoLab: number;

const fields = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] })?.fields ?? []).map((f) => f.path);
const submit = (token: string, payload: Record<string, unknown>) => call<{ job_id: string }>(t.app, 'POST', '/job/jobs', token, { name: 'q', script: 'echo quota', ...payload });
const mine = async (token: string) => (await call<AvailablePartition[]>(t.app, 'GET', '/kcluster/user/available/partitions', token)).spec.map((p) => `${p.cluster_name}/${p.name}`);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-quotas-'));
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, bound, gadmin, unbound] = await Promise.all([
    login(t.app, 'admin', adminPassword),
    login(t.app, 'demo-bound', demoPassword),
    login(t.app, 'demo-gadmin', demoPassword),
    login(t.app, 'demo-user', demoPassword),
  ]);
  outsider = await addGroupMember(t, 'physics-lab', 'phys-ann', 'phys_lab_ann');
  otherAdmin = await addGroupMember(t, 'physics-lab', 'phys-boss', 'phys_lab_boss', true);
  local = await partitionNamed(t, admin, 'local', 'local');
  demoLab = await idOfGroup(t, 'demo-lab');
});
afterAll(async () => {
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

describe('a fresh install', () => {
  it('grants the default cluster to every group, so a bound user of any group may submit at once', async () => {
    const grants = (await call<List<GroupQuota>>(t.app, 'GET', '/kcluster/partitions/groupquotasAdmin', admin)).spec;
    expect(grants.list).toEqual([expect.objectContaining({ cluster_name: 'local', partition_name: 'local', partition_id: local.id, group_id: null, group_name: null })]);
    expect(await mine(bound)).toEqual(['local/local']);
    expect(await mine(outsider.token)).toEqual(['local/local']);
  });
});

describe('group quotas (grants)', () => {
  it('refuses the Admin calls to users and group admins (1403)', async () => {
    for (const token of [bound, gadmin, unbound]) {
      expect((await call(t.app, 'GET', '/kcluster/partitions/groupquotasAdmin', token)).code).toBe(1403);
      expect((await call(t.app, 'POST', '/kcluster/partitions/groupquotas', token, { partition_id: local.id, group_id: demoLab })).code).toBe(1403);
      expect((await call(t.app, 'DELETE', `/kcluster/partitions/${local.id}/groupquotas/0`, token)).code).toBe(1403);
    }
  });

  it('answers bad input with 1400 or 1404 naming the field, and changes nothing', async () => {
    const post = (payload: unknown) => call(t.app, 'POST', '/kcluster/partitions/groupquotas', admin, payload);
    expect(fields(await post({ partition_id: 'x', group_id: demoLab }))).toContain('body.partition_id');
    expect(fields(await post({ partition_id: local.id, group_id: demoLab, max_cpus: 0 }))).toContain('body.max_cpus');
    expect(fields(await post({ partition_id: local.id, group_id: demoLab, expires_at: 'tomorrow' }))).toContain('body.expires_at');
    expect(fields(await post({ partition_id: local.id, group_id: demoLab, surprise: 1 }))).not.toHaveLength(0);
    const noPartition = await post({ partition_id: 99_999, group_id: demoLab });
    expect([noPartition.code, fields(noPartition)]).toEqual([1404, ['body.partition_id']]);
    const noGroup = await post({ partition_id: local.id, group_id: 99_999 });
    expect([noGroup.code, fields(noGroup)]).toEqual([1404, ['body.group_id']]);
    expect((await post({ partition_id: local.id, group_id: null })).code).toBe(1409);
    expect((await call(t.app, 'PATCH', '/kcluster/partitions/groupquotas/99999', admin, { max_cpus: 2 })).code).toBe(1404);
    expect((await call(t.app, 'PATCH', '/kcluster/partitions/groupquotas/1', admin, {})).code).toBe(1400);
    expect((await call<List<GroupQuota>>(t.app, 'GET', '/kcluster/partitions/groupquotasAdmin', admin)).spec.total).toBe(1);
  });

  it('revoking the every-group grant takes the partition away: not listed, cluster not offered, submit 1403', async () => {
    const revoked = await call<GroupQuotaChange>(t.app, 'DELETE', `/kcluster/partitions/${local.id}/groupquotas/0`, admin);
    expect(revoked).toMatchObject({ code: 200, spec: { quota: null, warnings: [] } });
    expect(await mine(bound)).toEqual([]);
    const clusters = (await call<AvailableCluster[]>(t.app, 'GET', '/kcluster/user/available/clusters', bound)).spec;
    expect(clusters.filter((c) => c.kind === 'hpc')).toEqual([]);
    const refused = await submit(bound, { partition: 'local' });
    expect(refused.code).toBe(1403);
    expect((await call(t.app, 'DELETE', `/kcluster/partitions/${local.id}/groupquotas/0`, admin)).code).toBe(1404);
  });

  it("grants demo-lab with limits: its members may use it within them, another group's may not", async () => {
    const created = await call<GroupQuotaChange>(t.app, 'POST', '/kcluster/partitions/groupquotas', admin, {
      partition_id: local.id,
      group_id: demoLab,
      max_cpus: 2,
      max_time_minutes: 30,
    });
    expect(created.code).toBe(200);
    expect(created.spec.quota).toMatchObject({ group_name: 'demo-lab', max_cpus: 2, max_time_minutes: 30, cpu_seconds_limit: null, expired: false });
    expect(await mine(bound)).toEqual(['local/local']);
    expect(await mine(outsider.token)).toEqual([]);
    expect((await submit(outsider.token, { partition: 'local' })).code).toBe(1403);

    const tooMany = await submit(bound, { partition: 'local', cpus: 4 });
    expect([tooMany.code, fields(tooMany)]).toEqual([1400, ['body.cpus']]);
    const tooLong = await submit(bound, { partition: 'local', time_limit_minutes: 60 });
    expect([tooLong.code, fields(tooLong)]).toEqual([1400, ['body.time_limit_minutes']]);
    expect((await submit(bound, { partition: 'local', cpus: 1, time_limit_minutes: 5 })).code).toBe(200);

    const usable = (await call<UsablePartition[]>(t.app, 'GET', '/kcluster/partitions/available/user', bound)).spec;
    expect(usable).toEqual([expect.objectContaining({ name: 'local', granted_group: 'demo-lab', max_cpus: 2, max_time_minutes: 30, over_limit: false })]);
  });

  it('records grant changes in the audit log (who, what, on whom)', async () => {
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'partition_grant_change'));
    expect(events).toEqual(expect.arrayContaining([expect.objectContaining({ userName: 'admin', result: 'ok', target: `partition:${local.id}/group:${demoLab}` })]));
    const revokes = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'partition_grant_revoke'));
    expect(revokes.map((e) => e.target)).toEqual([`partition:${local.id}/group:0`]);
  });

  it('lists to a user the grants reaching their group only', async () => {
    const seen = (await call<List<GroupQuota>>(t.app, 'GET', '/kcluster/partitions/groupquotas', bound)).spec.list;
    expect(seen.map((g) => g.group_name)).toEqual(['demo-lab']);
    expect((await call<List<GroupQuota>>(t.app, 'GET', '/kcluster/partitions/groupquotas', outsider.token)).spec.list).toEqual([]);
  });

  it('an expired grant grants nothing', async () => {
    const grant = (await call<List<GroupQuota>>(t.app, 'GET', '/kcluster/partitions/groupquotasAdmin', admin)).spec.list[0]!;
    const past = await call<GroupQuotaChange>(t.app, 'PATCH', `/kcluster/partitions/groupquotas/${grant.id}`, admin, { expires_at: '2020-01-01T00:00:00Z' });
    expect(past.spec.quota).toMatchObject({ expired: true });
    expect(await mine(bound)).toEqual([]);
    expect((await submit(bound, { partition: 'local' })).code).toBe(1403);
    await call(t.app, 'PATCH', `/kcluster/partitions/groupquotas/${grant.id}`, admin, { expires_at: null });
    expect(await mine(bound)).toEqual(['local/local']);
  });

  it('counts CPU time from the synced jobs and refuses submits once the grant is used up', async () => {
    await recordFinishedJob(t, 'local', 'local', 'demo_lab_bound', 7200, 900_001);
    const grant = (await call<List<GroupQuota>>(t.app, 'GET', '/kcluster/partitions/groupquotasAdmin', admin)).spec.list[0]!;
    expect(grant.used_cpu_seconds).toBeGreaterThanOrEqual(7200);
    const limited = await call<GroupQuotaChange>(t.app, 'PATCH', `/kcluster/partitions/groupquotas/${grant.id}`, admin, { cpu_seconds_limit: 3600 });
    expect(limited.spec.quota).toMatchObject({ over_limit: true });
    expect((await call<UsablePartition[]>(t.app, 'GET', '/kcluster/partitions/available/user', bound)).spec[0]).toMatchObject({ over_limit: true, group_cpu_seconds_limit: 3600 });
    const refused = await submit(bound, { partition: 'local' });
    expect(refused).toMatchObject({ code: 1403, info: expect.stringContaining('CPU-hours') });
    // a reset starts counting again from now
    const reset = await call<GroupQuotaChange>(t.app, 'PATCH', `/kcluster/partitions/groupquotas/${grant.id}`, admin, { reset_usage: true });
    expect(reset.spec.quota).toMatchObject({ used_cpu_seconds: 0, over_limit: false });
  });

  it('never lists a private partition, even granted', async () => {
    await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}`, admin, { init_type: 'private' });
    expect(await mine(bound)).toEqual([]);
    expect((await submit(bound, { partition: 'local' })).code).toBe(1403);
    await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}`, admin, { init_type: '' });
    expect(await mine(bound)).toEqual(['local/local']);
  });
});

describe('user quotas', () => {
  const path = (user: string) => `/kcluster/partitions/${local.id}/userquotas/${user}`;

  it('are created by admins only inside the group grant (1400 naming the field above it)', async () => {
    expect((await call(t.app, 'POST', path('demo-bound'), bound, { max_cpus: 1 })).code).toBe(1403);
    const above = await call(t.app, 'POST', path('demo-bound'), admin, { max_cpus: 4 });
    expect([above.code, fields(above)]).toEqual([1400, ['body.max_cpus']]);
    const longer = await call(t.app, 'POST', path('demo-bound'), admin, { max_time_minutes: 31 });
    expect(fields(longer)).toEqual(['body.max_time_minutes']);
    const noGrant = await call(t.app, 'POST', path('phys-ann'), admin, { max_cpus: 1 });
    expect([noGrant.code, fields(noGrant)]).toEqual([1400, ['params.user']]);
    expect((await call(t.app, 'POST', path('nobody-here'), admin, { max_cpus: 1 })).code).toBe(1404);
    expect((await call(t.app, 'POST', `/kcluster/partitions/99999/userquotas/demo-bound`, admin, { max_cpus: 1 })).code).toBe(1404);
    expect((await call(t.app, 'PATCH', path('demo-bound'), admin, { max_cpus: 1 })).code).toBe(1404);
    const created = await call<UserQuotaChange>(t.app, 'POST', path('demo-bound'), admin, { max_cpus: 1 });
    expect(created.spec.quota).toMatchObject({ user_name: 'demo-bound', group_name: 'demo-lab', allowed: true, max_cpus: 1 });
    expect((await call(t.app, 'POST', path('demo-bound'), admin, { max_cpus: 1 })).code).toBe(1409);
    const tight = await submit(bound, { partition: 'local', cpus: 2 });
    expect([tight.code, fields(tight)]).toEqual([1400, ['body.cpus']]);
  });

  it('exclude a member with allowed=false, and an admin PATCH lets them back', async () => {
    expect((await call(t.app, 'PATCH', path('demo-bound'), admin, { allowed: false })).code).toBe(200);
    expect(await mine(bound)).toEqual([]);
    expect((await submit(bound, { partition: 'local' })).code).toBe(1403);
    expect((await call(t.app, 'PATCH', path('demo-bound'), admin, { allowed: true })).code).toBe(200);
    expect(await mine(bound)).toEqual(['local/local']);
    // null: nothing narrower than the grant, whose limit still applies
    const cleared = await call<UserQuotaChange>(t.app, 'PATCH', path('demo-bound'), admin, { max_cpus: null });
    expect(cleared.spec.quota.max_cpus).toBeNull();
    expect((await call<UsablePartition[]>(t.app, 'GET', '/kcluster/partitions/available/user', bound)).spec[0]).toMatchObject({ max_cpus: 2 });
  });

  it("let a group admin set their members' quotas, never another group's", async () => {
    const set = await call<UserQuotaChange>(t.app, 'PATCH', `/kcluster/partitions/${local.id}/userquotasGAdmin/demo-user`, gadmin, { max_cpus: 2 });
    expect(set).toMatchObject({ code: 200, spec: { quota: { user_name: 'demo-user', max_cpus: 2 } } });
    expect((await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}/userquotasGAdmin/phys-ann`, gadmin, { max_cpus: 1 })).code).toBe(1403);
    expect((await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}/userquotasGAdmin/demo-user`, bound, { max_cpus: 1 })).code).toBe(1403);
    expect((await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}/userquotasGAdmin/demo-user`, otherAdmin.token, { max_cpus: 1 })).code).toBe(1403);
    const above = await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}/userquotasGAdmin/demo-user`, gadmin, { cpu_seconds_limit: null, max_cpus: 3 });
    expect(fields(above)).toEqual(['body.max_cpus']);
  });

  it('are listed per family: Admin all, GAdmin their members, a user their own', async () => {
    const names = (list: UserQuota[]) => list.map((q) => q.user_name).sort();
    expect(names((await call<List<UserQuota>>(t.app, 'GET', '/kcluster/partitions/userquotas/Admin', admin)).spec.list)).toEqual(['demo-bound', 'demo-user']);
    expect(names((await call<List<UserQuota>>(t.app, 'GET', '/kcluster/partitions/userquotas/GAdmin', gadmin)).spec.list)).toEqual(['demo-bound', 'demo-user']);
    expect((await call<List<UserQuota>>(t.app, 'GET', '/kcluster/partitions/userquotas/GAdmin', otherAdmin.token)).spec.list).toEqual([]);
    expect(names((await call<List<UserQuota>>(t.app, 'GET', '/kcluster/partitions/userquotas', bound)).spec.list)).toEqual(['demo-bound']);
    expect((await call(t.app, 'GET', '/kcluster/partitions/userquotas/Admin', gadmin)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/partitions/userquotas/GAdmin', bound)).code).toBe(1403);
    const filtered = (await call<List<UserQuota>>(t.app, 'GET', '/kcluster/partitions/userquotas/Admin?field_lk_user_name=user', admin)).spec;
    expect(names(filtered.list)).toEqual(['demo-user']);
  });

  it("answers one user's quotas to that user, their group admin and admins only", async () => {
    const url = '/kcluster/partitions/userquotas/user/demo-bound';
    for (const token of [bound, gadmin, admin]) expect((await call<UserQuota[]>(t.app, 'GET', url, token)).spec).toHaveLength(1);
    for (const token of [outsider.token, otherAdmin.token]) expect((await call(t.app, 'GET', url, token)).code).toBe(1403);
  });
});

describe('availability families', () => {
  it('Admin: every group and every user', async () => {
    const groups = (await call<GroupAvailability[]>(t.app, 'GET', '/kcluster/partitions/groups/avaliable/admin', admin)).spec;
    expect(groups.find((g) => g.group_name === 'demo-lab')!.partitions.map((p) => p.name)).toEqual(['local']);
    expect(groups.find((g) => g.group_name === 'physics-lab')!.partitions).toEqual([]);
    const users = (await call<List<UserAvailability>>(t.app, 'GET', '/kcluster/partitions/users/avaliable/admin?page_size=100', admin)).spec;
    expect(users.list.find((u) => u.user_name === 'demo-bound')!.partitions.map((p) => p.name)).toEqual(['local']);
    expect(users.list.find((u) => u.user_name === 'phys-ann')!.partitions).toEqual([]);
    for (const token of [gadmin, bound]) expect((await call(t.app, 'GET', '/kcluster/partitions/users/avaliable/admin', token)).code).toBe(1403);
  });

  it('one user: self, their group admin, admins; not another group', async () => {
    const id = await idOfUser(t, 'demo-bound');
    for (const token of [bound, gadmin, admin]) expect((await call<UserAvailability>(t.app, 'GET', `/kcluster/partitions/available/user/${id}`, token)).spec.user_name).toBe('demo-bound');
    expect((await call(t.app, 'GET', `/kcluster/partitions/available/user/${id}`, otherAdmin.token)).code).toBe(1403);
    expect((await call(t.app, 'GET', `/kcluster/partitions/available/user/${id}`, outsider.token)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/partitions/available/user/99999', admin)).code).toBe(1404);
    expect((await call(t.app, 'GET', '/kcluster/partitions/available/user/abc', admin)).code).toBe(1400);
  });

  it('my group', async () => {
    const group = (await call<GroupAvailability>(t.app, 'GET', '/kcluster/partitions/available/group', bound)).spec;
    expect(group).toMatchObject({ group_name: 'demo-lab', partitions: [expect.objectContaining({ name: 'local', granted_group: 'demo-lab' })] });
    expect((await call<GroupAvailability>(t.app, 'GET', '/kcluster/hpc/partitions/available/group', outsider.token)).spec.partitions).toEqual([]);
  });
});

describe('HPC grants by cluster and partition name', () => {
  it('POST /kcluster/hpc/partitions/{cluster}/{partition} grants body.group_id; DELETE ?group_id= revokes', async () => {
    const granted = await call<GroupQuotaChange>(t.app, 'POST', '/kcluster/hpc/partitions/local/local', admin, { group_id: outsider.groupId, max_cpus: 1 });
    expect(granted.spec.quota).toMatchObject({ group_name: 'physics-lab', max_cpus: 1 });
    expect(await mine(outsider.token)).toEqual(['local/local']);
    expect((await call<UsablePartition[]>(t.app, 'GET', '/kcluster/hpc/partitions/available/user', outsider.token)).spec[0]).toMatchObject({ max_cpus: 1 });
    const groups = (await call<GroupQuota[]>(t.app, 'GET', `/kcluster/hpc/partitions/groups/available/${local.id}`, admin)).spec;
    expect(groups.map((g) => g.group_name).sort()).toEqual(['demo-lab', 'physics-lab']);
    const everyone = (await call<List<UserAvailability>>(t.app, 'GET', `/kcluster/hpc/partitions/users/available/${local.id}?page_size=100`, admin)).spec.list;
    expect(everyone.map((u) => u.user_name)).toEqual(expect.arrayContaining(['demo-bound', 'phys-ann']));
    const members = (await call<List<UserAvailability>>(t.app, 'GET', `/kcluster/hpc/partitions/users/available/${local.id}?page_size=100`, otherAdmin.token)).spec.list;
    expect(members.map((u) => u.user_name).sort()).toEqual(['phys-ann', 'phys-boss']);
    const one = (await call<UserAvailability>(t.app, 'GET', `/kcluster/hpc/partitions/available/user/${outsider.userId}`, otherAdmin.token)).spec;
    expect(one.partitions.map((p) => p.name)).toEqual(['local']);

    expect((await call(t.app, 'DELETE', `/kcluster/hpc/partitions/local/local?group_id=${outsider.groupId}`, admin)).code).toBe(200);
    expect(await mine(outsider.token)).toEqual([]);
  });

  it('names the bad part of the path or query', async () => {
    const cluster = await call(t.app, 'POST', '/kcluster/hpc/partitions/nowhere/local', admin, { group_id: 0 });
    expect([cluster.code, fields(cluster)]).toEqual([1404, ['params.a']]);
    const partition = await call(t.app, 'POST', '/kcluster/hpc/partitions/local/gpu', admin, { group_id: 0 });
    expect([partition.code, fields(partition)]).toEqual([1404, ['params.b']]);
    expect((await call(t.app, 'POST', '/kcluster/hpc/partitions/local/bad$name', admin, { group_id: 0 })).code).toBe(1400);
    expect(fields(await call(t.app, 'DELETE', '/kcluster/hpc/partitions/local/local', admin))).toEqual(['query.group_id']);
    expect((await call(t.app, 'POST', '/kcluster/hpc/partitions/local/local', bound, { group_id: 0 })).code).toBe(1403);
  });

  it('POST/DELETE /kcluster/partition_quota and PATCH /kcluster/hpc/partition work by names', async () => {
    const granted = await call<GroupQuotaChange>(t.app, 'POST', '/kcluster/partition_quota', admin, { cluster_name: 'local', partition_name: 'local', group_name: 'physics-lab' });
    expect(granted.spec.quota).toMatchObject({ group_name: 'physics-lab', max_cpus: null });
    const patched = await call<GroupQuotaChange>(t.app, 'PATCH', '/kcluster/hpc/partition', admin, { cluster_name: 'local', partition_name: 'local', group_name: 'physics-lab', max_time_minutes: 10 });
    expect(patched.spec.quota).toMatchObject({ max_time_minutes: 10 });
    const unknownGroup = await call(t.app, 'POST', '/kcluster/partition_quota', admin, { cluster_name: 'local', partition_name: 'local', group_name: 'nope' });
    expect([unknownGroup.code, fields(unknownGroup)]).toEqual([1404, ['body.group_name']]);
    expect((await call(t.app, 'PATCH', '/kcluster/hpc/partition', admin, { cluster_name: 'local', partition_name: 'local', group_name: null })).code).toBe(1404);
    expect((await call(t.app, 'DELETE', '/kcluster/partition_quota', admin, { cluster_name: 'local', partition_name: 'local', group_name: 'physics-lab' })).code).toBe(200);
    expect(await mine(outsider.token)).toEqual([]);
    expect((await call(t.app, 'DELETE', '/kcluster/partition_quota', bound, { cluster_name: 'local', partition_name: 'local', group_name: 'demo-lab' })).code).toBe(1403);
  });
});

describe('cluster quotas (HPC)', () => {
  let memberQuota: ClusterQuota;

  it('admins set a group or user quota by names; bad input names the field', async () => {
    const both = await call(t.app, 'POST', '/kcluster/cluster_quota', admin, { cluster_name: 'local', user_name: 'demo-bound', group_name: 'demo-lab' });
    expect([both.code, fields(both)]).toEqual([1400, ['body.user_name']]);
    const noCluster = await call(t.app, 'POST', '/kcluster/cluster_quota', admin, { cluster_name: 'nowhere', user_name: 'demo-bound' });
    expect([noCluster.code, fields(noCluster)]).toEqual([1404, ['body.cluster_name']]);
    const group = await call<ClusterQuota>(t.app, 'POST', '/kcluster/cluster_quota', admin, { cluster_name: 'local', group_name: 'demo-lab', cpu_seconds_limit: 360_000, max_cpus: 2 });
    expect(group.spec).toMatchObject({ subject: 'group', group_name: 'demo-lab', cpu_seconds_limit: 360_000 });
    expect((await call(t.app, 'POST', '/kcluster/cluster_quota', gadmin, { cluster_name: 'local', group_name: 'demo-lab', cpu_seconds_limit: 1 })).code).toBe(1403);
  });

  it('a group admin sets a member within the group quota, not another group', async () => {
    const above = await call(t.app, 'POST', '/kcluster/cluster_quota', gadmin, { cluster_name: 'local', user_name: 'demo-bound', cpu_seconds_limit: 999_999 });
    expect([above.code, fields(above)]).toEqual([1400, ['body.cpu_seconds_limit']]);
    const set = await call<ClusterQuota>(t.app, 'POST', '/kcluster/cluster_quota', gadmin, { cluster_name: 'local', user_name: 'demo-bound', cpu_seconds_limit: 72_000 });
    expect(set.spec).toMatchObject({ subject: 'user', user_name: 'demo-bound', cpu_seconds_limit: 72_000 });
    memberQuota = set.spec;
    expect((await call(t.app, 'POST', '/kcluster/cluster_quota', gadmin, { cluster_name: 'local', user_name: 'phys-ann', cpu_seconds_limit: 1 })).code).toBe(1403);
    expect((await call(t.app, 'PATCH', `/kcluster/hpc/clusterQuotas/${memberQuota.id}`, otherAdmin.token, { cpu_seconds_limit: 1 })).code).toBe(1403);
    expect((await call(t.app, 'PATCH', `/kcluster/hpc/clusterQuotas/${memberQuota.id}`, bound, { cpu_seconds_limit: 1 })).code).toBe(1403);
  });

  it('refuses submits once the cluster quota is used up, and a PATCH raises it', async () => {
    // cluster-wide: a job in any partition of the cluster counts (this one is in no grant's partition)
    await recordFinishedJob(t, 'local', 'elsewhere', 'demo_lab_bound', 7200, 900_002);
    const used = await call<ClusterQuota>(t.app, 'PATCH', `/kcluster/hpc/clusterQuotas/${memberQuota.id}`, gadmin, { cpu_seconds_limit: 3600 });
    expect(used.spec).toMatchObject({ over_limit: true });
    expect((await submit(bound, { partition: 'local' })).code).toBe(1403);
    await call(t.app, 'PATCH', `/kcluster/hpc/clusterQuotas/${memberQuota.id}`, admin, { cpu_seconds_limit: null });
    expect((await call<UsablePartition[]>(t.app, 'GET', '/kcluster/partitions/available/user', bound)).spec[0]).toMatchObject({ over_limit: false });
    expect((await call(t.app, 'PATCH', '/kcluster/hpc/clusterQuotas/99999', admin, { cpu_seconds_limit: 1 })).code).toBe(1404);
    expect(fields(await call(t.app, 'PATCH', `/kcluster/hpc/clusterQuotas/${memberQuota.id}`, admin, { cpu_seconds_limit: -1 }))).toEqual(['body.cpu_seconds_limit']);
  });

  it('are read per family', async () => {
    const subjects = (list: ClusterQuota[]) => list.map((q) => `${q.subject}:${q.user_name ?? q.group_name}`).sort();
    expect(subjects((await call<ClusterQuota[]>(t.app, 'GET', '/kcluster/hpc/clusterQuotas/user', bound)).spec)).toEqual(['group:demo-lab', 'user:demo-bound']);
    expect((await call<ClusterQuota[]>(t.app, 'GET', '/kcluster/hpc/clusterQuotas/user', outsider.token)).spec).toEqual([]);
    expect(subjects((await call<ClusterQuota[]>(t.app, 'GET', '/kcluster/hpc/clusterQuotas/gadmin', gadmin)).spec)).toEqual(['group:demo-lab', 'user:demo-bound']);
    expect((await call<ClusterQuota[]>(t.app, 'GET', '/kcluster/hpc/clusterQuotas/gadmin', otherAdmin.token)).spec).toEqual([]);
    expect((await call(t.app, 'GET', '/kcluster/hpc/clusterQuotas/gadmin', bound)).code).toBe(1403);
    const boundId = await idOfUser(t, 'demo-bound');
    expect((await call<ClusterQuota[]>(t.app, 'GET', `/kcluster/hpc/clusterQuotas/specUser/${boundId}`, gadmin)).spec).toHaveLength(1);
    expect((await call(t.app, 'GET', `/kcluster/hpc/clusterQuotas/specUser/${boundId}`, otherAdmin.token)).code).toBe(1403);
    expect((await call<ClusterQuota[]>(t.app, 'GET', `/kcluster/hpc/clusterQuotas/specGroup/${demoLab}`, gadmin)).spec).toHaveLength(1);
    expect((await call(t.app, 'GET', `/kcluster/hpc/clusterQuotas/specGroup/${demoLab}`, otherAdmin.token)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/hpc/clusterQuotas/specGroup/99999', admin)).code).toBe(1404);
    const all = (await call<List<ClusterQuota>>(t.app, 'GET', '/kcluster/hpc/clusterQuotas/spec/user', admin)).spec;
    expect(subjects(all.list)).toEqual(['user:demo-bound']);
    expect((await call(t.app, 'GET', '/kcluster/hpc/clusterQuotas/spec/user', gadmin)).code).toBe(1403);
  });

  it('GET /kcluster/hpc/cluster/allusers/{id}: who may use the cluster, confined for group admins', async () => {
    const everyone = (await call<ClusterUser[]>(t.app, 'GET', `/kcluster/hpc/cluster/allusers/${local.cluster_id}`, admin)).spec;
    expect(everyone.find((u) => u.user_name === 'demo-bound')).toMatchObject({ partitions: ['local'], quota: expect.objectContaining({ cpu_seconds_limit: null }) });
    expect(everyone.some((u) => u.user_name === 'phys-ann')).toBe(false);
    const members = (await call<ClusterUser[]>(t.app, 'GET', `/kcluster/hpc/cluster/allusers/${local.cluster_id}`, gadmin)).spec;
    expect(members.every((u) => u.group_name === 'demo-lab')).toBe(true);
    expect((await call(t.app, 'GET', `/kcluster/hpc/cluster/allusers/${local.cluster_id}`, bound)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/hpc/cluster/allusers/99999', admin)).code).toBe(1404);
  });
});
