import { permissionKeys } from '@starlight/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp, randomTokenShape } from './helpers';
import { adminToken, auditRows, call, createUser, freshName, userPassword } from './admin-helpers';

interface Page<T> {
  list: T[];
  total: number;
}
interface RoleItem {
  id: number;
  name: string;
  builtin: boolean;
  keys: string[];
  user_count: number;
}
interface CommunityItem {
  id: number;
  name: string;
  groups: string[];
  admins: string[];
}

let t: TestApp;
let admin: string;
let gadmin: string;
let auditor: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  gadmin = await login(t.app, 'demo-gadmin', demoPassword);
  auditor = await login(t.app, 'demo-auditor', demoPassword);
});
afterAll(() => stopTestApp(t));

describe('roles (role-manage) and their holders', () => {
  it('creates a role with keys, gives it to a user who then holds the keys; audited', async () => {
    const role = await call<RoleItem>(t, admin, 'POST', '/perm/roles', { name: 'job-readers', description: 'read all jobs', keys: ['query_others_job'] });
    expect(role.code).toBe(200);
    expect(role.spec).toMatchObject({ name: 'job-readers', builtin: false, keys: ['query_others_job'], user_count: 0 });
    const user = await login(t.app, 'demo-user', demoPassword);
    expect((await call<string[]>(t, user, 'GET', '/perm/permission')).spec).not.toContain('query_others_job');
    const assigned = await call<{ roles: string[] }>(t, admin, 'POST', '/user/user_role', { user_name: 'demo-user', roles: ['job-readers'] });
    expect(assigned.spec.roles).toEqual(['job-readers']);
    expect((await call<string[]>(t, user, 'GET', '/perm/permission')).spec).toContain('query_others_job');
    const holders = await call<Page<{ user_name: string }>>(t, admin, 'GET', '/user/user_role?field_eq_role_name=job-readers');
    expect(holders.spec.list.map((h) => h.user_name)).toEqual(['demo-user']);
    const rows = await auditRows(t);
    expect(rows.find((r) => r.action === 'role_create')).toMatchObject({ target: 'role:job-readers', userName: 'admin' });
    expect(rows.find((r) => r.action === 'user_roles_change')).toMatchObject({ target: 'user:demo-user', detail: '- → job-readers' });
  });

  it('changes a role’s keys (holders follow) and refuses unknown keys and binded_account', async () => {
    const [role] = (await call<RoleItem[]>(t, admin, 'GET', '/perm/roles')).spec.filter((r) => r.name === 'job-readers');
    const changed = await call<RoleItem>(t, admin, 'PATCH', `/perm/roles/${role?.id}`, { keys: ['query_others_job', 'manage_monitor'] });
    expect(changed.spec.keys).toEqual(['manage_monitor', 'query_others_job']);
    const user = await login(t.app, 'demo-user', demoPassword);
    expect((await call<string[]>(t, user, 'GET', '/perm/permission')).spec).toContain('manage_monitor');
    const unknown = await call<{ fields: { path: string }[] }>(t, admin, 'PATCH', `/perm/roles/${role?.id}`, { keys: ['fly'] });
    expect(unknown.code).toBe(1400);
    expect(unknown.spec.fields[0]?.path).toMatch(/^body\.keys/);
    expect((await call(t, admin, 'POST', '/perm/roles', { name: 'binders', keys: ['binded_account'] })).code).toBe(1400);
    expect((await call(t, admin, 'POST', '/perm/roles', { name: 'job-readers', keys: [] })).code).toBe(1409);
    expect((await call(t, admin, 'POST', '/perm/roles', { name: 'Bad Name', keys: [] })).code).toBe(1400);
  });

  it('keeps builtin roles as code defines them', async () => {
    const builtin = (await call<RoleItem[]>(t, admin, 'GET', '/perm/roles')).spec.find((r) => r.name === 'platform-admin');
    expect(builtin?.builtin).toBe(true);
    expect((await call(t, admin, 'PATCH', `/perm/roles/${builtin?.id}`, { keys: [] })).code).toBe(1409);
    expect((await call(t, admin, 'DELETE', `/perm/roles/${builtin?.id}`)).code).toBe(1409);
  });

  it('deletes a role; its holders lose its keys', async () => {
    const role = await call<RoleItem>(t, admin, 'POST', '/perm/roles', { name: 'short-lived', keys: ['manage_label'] });
    await call(t, admin, 'POST', '/user/user_role', { user_name: 'demo-bound', roles: ['short-lived'] });
    const bound = await login(t.app, 'demo-bound', demoPassword);
    expect((await call<string[]>(t, bound, 'GET', '/perm/permission')).spec).toContain('manage_label');
    expect((await call(t, admin, 'DELETE', `/perm/roles/${role.spec.id}`)).code).toBe(200);
    expect((await call<string[]>(t, bound, 'GET', '/perm/permission')).spec).not.toContain('manage_label');
    expect((await auditRows(t)).find((r) => r.action === 'role_delete')).toMatchObject({ target: 'role:short-lived' });
  });

  it('refuses an unknown role name for a user, naming the field', async () => {
    const reply = await call<{ fields: { path: string }[] }>(t, admin, 'POST', '/user/user_role', { user_name: 'demo-user', roles: ['nope'] });
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields[0]?.path).toBe('body.roles');
  });

  it('lists every key with its meaning in four languages (operation-manage)', async () => {
    const ops = await call<{ key: string; meanings: Record<string, string>; routes: string[]; grantable: boolean }[]>(t, admin, 'GET', '/perm/operations');
    // every key of the catalogue, the spec's and ours (manage_all_user, manage_ticket, manage_message_template)
    expect(ops.spec.map((o) => o.key).sort()).toEqual([...permissionKeys].sort());
    expect(ops.spec).toHaveLength(33);
    const audit = ops.spec.find((o) => o.key === 'query_all_audit');
    expect(audit?.meanings.zh).toBe('查看所有用户的审计日志');
    expect(audit?.routes).toContain('/audit/audit-admin');
    expect(ops.spec.find((o) => o.key === 'binded_account')?.grantable).toBe(false);
  });

  it('refuses roles to anyone without query_role', async () => {
    expect((await call(t, auditor, 'GET', '/perm/roles')).code).toBe(1403);
    expect((await call(t, gadmin, 'POST', '/user/user_role', { user_name: 'demo-gadmin', roles: ['platform-admin'] })).code).toBe(1403);
  });
});

describe('groups (group-manage, group-info)', () => {
  it('creates a group, moves a member in, refuses deleting it while not empty', async () => {
    const created = await call<{ id: number; name: string }>(t, admin, 'POST', '/user/groups', { name: 'physics-lab', description: 'Physics' });
    expect(created.code).toBe(200);
    expect((await call(t, admin, 'POST', '/user/groups', { name: 'physics-lab' })).code).toBe(1409);
    expect((await call<{ fields: { path: string }[] }>(t, admin, 'POST', '/user/groups', { name: 'X!' })).spec.fields[0]?.path).toBe('body.name');
    const name = freshName('phys');
    await createUser(t, admin, name);
    const detail = await call<{ members: { user_name: string }[]; member_count: number }>(t, admin, 'POST', `/user/groups/${created.spec.id}/members`, { user_name: name });
    expect(detail.spec.members.map((m) => m.user_name)).toEqual([name]);
    expect((await call(t, admin, 'DELETE', `/user/groups/${created.spec.id}`)).code).toBe(1409);
    await call(t, admin, 'DELETE', `/user/groups/${created.spec.id}/members/${name}`);
    expect((await call(t, admin, 'DELETE', `/user/groups/${created.spec.id}`)).code).toBe(200);
    const actions = (await auditRows(t)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['group_create', 'group_member_add', 'group_member_remove', 'group_delete']));
  });

  it('shows a group admin only their group, with its members', async () => {
    await call(t, admin, 'POST', '/user/groups', { name: 'secret-lab' });
    const list = await call<Page<{ name: string; admins: string[] }>>(t, gadmin, 'GET', '/user/groups');
    expect(list.spec.list.map((g) => g.name)).toEqual(['demo-lab']);
    expect(list.spec.list[0]?.admins).toEqual(['demo-gadmin']);
    const info = await call<{ members: { user_name: string }[] }>(t, gadmin, 'GET', '/user/groups/demo-lab');
    expect(info.spec.members.map((m) => m.user_name)).toContain('demo-bound');
    expect((await call(t, gadmin, 'GET', '/user/groups/secret-lab')).code).toBe(1403);
    expect((await call(t, gadmin, 'POST', '/user/groups', { name: 'my-own-lab' })).code).toBe(1403);
  });
});

describe('communities (community-manage)', () => {
  it('groups groups; its administrators get community_3rd_admin and see only its users', async () => {
    const community = await call<CommunityItem>(t, admin, 'POST', '/community/communities', { name: 'north-campus', description: '' });
    expect(community.code).toBe(200);
    await call(t, admin, 'POST', '/user/groups', { name: 'north-lab' });
    const withGroup = await call<CommunityItem>(t, admin, 'POST', `/community/communities/${community.spec.id}/groups`, { group_name: 'north-lab' });
    expect(withGroup.spec.groups).toEqual(['north-lab']);
    const inside = freshName('north');
    await createUser(t, admin, inside, 'north-lab');
    const head = freshName('chair');
    await createUser(t, admin, head);
    const withAdmin = await call<CommunityItem>(t, admin, 'POST', `/community/communities/${community.spec.id}/admins`, { user_name: head });
    expect(withAdmin.spec.admins).toEqual([head]);

    const chair = await login(t.app, head, userPassword);
    expect((await call<string[]>(t, chair, 'GET', '/perm/permission')).spec).toContain('community_3rd_admin');
    const users = await call<Page<{ user_name: string }>>(t, chair, 'GET', '/user/user?page_size=100');
    expect(users.spec.list.map((u) => u.user_name)).toEqual([inside]);
    const mine = await call<Page<CommunityItem>>(t, chair, 'GET', '/community/user/communities');
    expect(mine.spec.list.map((c) => c.name)).toEqual(['north-campus']);
    expect((await call(t, chair, 'GET', '/community/communities/north-campus')).code).toBe(200);
    // read only: a community admin changes nobody
    const insideId = (await call<{ id: number }>(t, admin, 'GET', `/user/spec/user/${inside}`)).spec.id;
    expect((await call(t, chair, 'DELETE', `/user/user/${insideId}`)).code).toBe(1403);

    expect((await call(t, admin, 'POST', '/community/communities', { name: 'south-campus' })).code).toBe(200);
    const south = (await call<CommunityItem>(t, admin, 'GET', '/community/communities/south-campus')).spec;
    expect((await call(t, admin, 'POST', `/community/communities/${south.id}/groups`, { group_name: 'north-lab' })).code).toBe(1409);
    expect((await call(t, chair, 'GET', '/community/communities/south-campus')).code).toBe(1403);

    await call(t, admin, 'DELETE', `/community/communities/${community.spec.id}/admins/${head}`);
    expect((await call<string[]>(t, chair, 'GET', '/perm/permission')).spec).not.toContain('community_3rd_admin');
    const actions = (await auditRows(t)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['community_create', 'community_group_add', 'community_admin_add', 'community_admin_remove']));
  });

  it("shows a plain user their group's community only", async () => {
    const user = await login(t.app, 'demo-user', demoPassword);
    const list = await call<Page<CommunityItem>>(t, user, 'GET', '/community/user/communities');
    expect(list.code).toBe(200);
    expect(list.spec.list).toEqual([]);
    const all = await call<Page<CommunityItem>>(t, admin, 'GET', '/community/user/communities');
    expect(all.spec.total).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /user/update (bulk from CSV)', () => {
  it('creates, updates and reports bad rows; a dry run changes nothing', async () => {
    const fresh = freshName('bulk');
    const csv = [
      'user_name,real_name,email,group_name,state,password',
      `${fresh},"Bulk, Person",${fresh}@example.com,demo-lab,,Bulk-pass-11`,
      'demo-bound,Renamed Bound,,,,',
      'demo-auditor,,,,,',
      'no-password-user,,,,,',
      'demo-user,,not-an-email,,,',
      'demo-user,,,,paused,',
      'x,,,,,',
    ].join('\n');
    const dry = await call<{ created: number; updated: number; failed: unknown[]; dry_run: boolean }>(t, admin, 'POST', '/user/update', { csv, dry_run: true });
    expect(dry.spec).toMatchObject({ created: 1, updated: 1, dry_run: true });
    expect((await call(t, admin, 'GET', `/user/spec/user/${fresh}`)).code).toBe(1404);

    const report = await call<{ rows: number; created: number; updated: number; unchanged: number; failed: { line: number; field: string }[] }>(t, admin, 'POST', '/user/update', { csv });
    expect(report.spec).toMatchObject({ rows: 7, created: 1, updated: 1, unchanged: 1 });
    expect(report.spec.failed.map((f) => [f.line, f.field])).toEqual([
      [5, 'password'],
      [6, 'email'],
      [7, 'user_name'],
      [8, 'user_name'],
    ]);
    const created = await call<{ real_name: string; group_name: string }>(t, admin, 'GET', `/user/spec/user/${fresh}`);
    expect(created.spec).toMatchObject({ real_name: 'Bulk, Person', group_name: 'demo-lab' });
    expect(await login(t.app, fresh, 'Bulk-pass-11')).toMatch(randomTokenShape);
    expect((await auditRows(t)).find((r) => r.action === 'user_bulk_update')).toMatchObject({ userName: 'admin' });
  });

  it('refuses a file without a user_name column or with unknown columns, naming body.csv', async () => {
    for (const csv of ['email\nx@example.com', 'user_name,shoe_size\nabc,42']) {
      const reply = await call<{ fields: { path: string }[] }>(t, admin, 'POST', '/user/update', { csv });
      expect(reply.code).toBe(1400);
      expect(reply.spec.fields[0]?.path).toBe('body.csv');
    }
    expect((await call(t, gadmin, 'POST', '/user/update', { csv: 'user_name\nabc' })).code).toBe(1403);
  });
});
