import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp, randomTokenShape } from './helpers';
import { adminToken, auditRows, call, createUser, freshName, setKeys, userPassword } from './admin-helpers';

interface UserItem {
  id: number;
  user_name: string;
  group_name: string | null;
  disabled: boolean;
  group_admin: boolean;
}
interface Page<T> {
  list: T[];
  total: number;
}

let t: TestApp;
let admin: string;
let gadmin: string;
let plain: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
  gadmin = await login(t.app, 'demo-gadmin', demoPassword);
  plain = await login(t.app, 'demo-user', demoPassword);
});
afterAll(() => stopTestApp(t));

describe('GET /user/user', () => {
  it('pages and searches by part of the name for a platform admin', async () => {
    const page = await call<Page<UserItem>>(t, admin, 'GET', '/user/user?field_lk_user_name=demo-&page_size=2');
    expect(page.code).toBe(200);
    expect(page.spec.total).toBe(4);
    expect(page.spec.list).toHaveLength(2);
    expect(page.spec.list.every((u) => u.user_name.includes('demo-'))).toBe(true);
    const second = await call<Page<UserItem>>(t, admin, 'GET', '/user/user?field_lk_user_name=demo-&page_size=2&page=2');
    expect(second.spec.list.map((u) => u.id)).not.toContain(page.spec.list[0]?.id);
  });

  it('treats % and _ as literal characters', async () => {
    const page = await call<Page<UserItem>>(t, admin, 'GET', '/user/user?field_lk_user_name=%25');
    expect(page.code).toBe(200);
    expect(page.spec.total).toBe(0);
  });

  it('refuses a page_size over 100 naming the field', async () => {
    const reply = await call<{ fields: { path: string }[] }>(t, admin, 'GET', '/user/user?page_size=101');
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields[0]?.path).toBe('query.page_size');
  });

  it('shows a group admin only the members of their group', async () => {
    const outsider = freshName('outsider');
    await createUser(t, admin, outsider);
    const page = await call<Page<UserItem>>(t, gadmin, 'GET', '/user/user?page_size=100');
    expect(page.code).toBe(200);
    expect(page.spec.list.length).toBeGreaterThan(0);
    expect(page.spec.list.every((u) => u.group_name === 'demo-lab')).toBe(true);
    expect(page.spec.list.map((u) => u.user_name)).not.toContain(outsider);
    expect(page.spec.list.map((u) => u.user_name)).not.toContain('admin');
  });

  it("refuses a group admin another group's filter with 1403", async () => {
    await call(t, admin, 'POST', '/user/groups', { name: 'other-lab', description: '' });
    expect((await call(t, gadmin, 'GET', '/user/user?field_eq_group_name=other-lab')).code).toBe(1403);
  });

  it('refuses a user without an administration key', async () => {
    expect((await call(t, plain, 'GET', '/user/user')).code).toBe(1403);
  });
});

describe('POST /user/user', () => {
  it('creates a user with an initial password who can then sign in, and audits it', async () => {
    const name = freshName('new');
    const created = await call<{ id: number; invited: boolean }>(t, admin, 'POST', '/user/user', { user_name: name, password: userPassword, email: `${name}@example.com` });
    expect(created.code).toBe(200);
    expect(created.spec.invited).toBe(false);
    expect(await login(t.app, name, userPassword)).toMatch(/^[\w-]{40,}$/);
    const [row] = (await auditRows(t)).filter((r) => r.action === 'user_create' && r.target === `user:${name}`);
    expect(row).toMatchObject({ userName: 'admin', result: 'ok' });
  });

  it('invites by e-mail: the generated password arrives in the outbox and works', async () => {
    const name = freshName('invitee');
    const email = `${name}@example.com`;
    const created = await call<{ invited: boolean }>(t, admin, 'POST', '/user/user', { user_name: name, email, invite: true });
    expect(created.code).toBe(200);
    const outbox = await call<Page<{ body: string }>>(t, admin, 'GET', `/system/outbox?field_eq_address=${encodeURIComponent(email)}`);
    const password = outbox.spec.list[0]?.body.match(/Initial password: (\S+)/)?.[1] ?? '';
    expect(password).toMatch(/^.{8,20}$/);
    expect(await login(t.app, name, password)).toMatch(randomTokenShape);
  });

  it.each([
    [{ user_name: 'ab', password: userPassword }, 'body.user_name'],
    [{ user_name: 'Has Spaces', password: userPassword }, 'body.user_name'],
    [{ user_name: 'valid-name1', password: 'short' }, 'body.password'],
    [{ user_name: 'valid-name2', invite: true }, 'body.email'],
    [{ user_name: 'valid-name3' }, 'body.password'],
    [{ user_name: 'valid-name4', password: userPassword, email: 'not-mail' }, 'body.email'],
    [{ user_name: 'valid-name5', password: userPassword, telephone: '14200000000' }, 'body.telephone'],
  ])('refuses %j naming %s, creating nothing', async (payload, field) => {
    const reply = await call<{ fields: { path: string }[] }>(t, admin, 'POST', '/user/user', payload);
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields.map((f) => f.path)).toContain(field);
    expect((await call<Page<UserItem>>(t, admin, 'GET', `/user/user?field_lk_user_name=${payload.user_name}`)).spec.total).toBe(0);
  });

  it('answers 1409 for a taken user name or e-mail', async () => {
    expect((await call(t, admin, 'POST', '/user/user', { user_name: 'demo-user', password: userPassword })).code).toBe(1409);
    const taken = await call(t, admin, 'POST', '/user/user', { user_name: freshName('dup'), password: userPassword, email: 'demo-user@example.com' });
    expect(taken.code).toBe(1409);
    expect(taken.info).toBe('The email has been registered');
  });

  it("puts a group admin's new user in their group and refuses another group", async () => {
    const name = freshName('member');
    const created = await call<{ id: number }>(t, gadmin, 'POST', '/user/user', { user_name: name, password: userPassword });
    expect(created.code).toBe(200);
    const detail = await call<UserItem>(t, admin, 'GET', `/user/spec/user/${name}`);
    expect(detail.spec.group_name).toBe('demo-lab');
    expect((await call(t, gadmin, 'POST', '/user/user', { user_name: freshName('x'), password: userPassword, group_name: 'other-lab' })).code).toBe(1403);
  });

  it('refuses an unknown group naming the field', async () => {
    const reply = await call<{ fields: { path: string }[] }>(t, admin, 'POST', '/user/user', { user_name: freshName('g'), password: userPassword, group_name: 'no-such-group' });
    expect(reply.code).toBe(1400);
    expect(reply.spec.fields[0]?.path).toBe('body.group_name');
  });
});

describe('DELETE /user/user/{id} and PATCH /user/user/{id}', () => {
  it('disables by default: sessions end, sign-in is refused, the account stays, audited', async () => {
    const name = freshName('leaver');
    const id = await createUser(t, admin, name, 'demo-lab');
    const token = await login(t.app, name, userPassword);
    const reply = await call<{ deleted: boolean; disabled: boolean }>(t, gadmin, 'DELETE', `/user/user/${id}`);
    expect(reply.spec).toEqual({ id, deleted: false, disabled: true });
    expect((await call(t, token, 'GET', '/user/user/self')).code).toBe(1300);
    await expect(login(t.app, name, userPassword)).rejects.toThrow(/555/);
    expect((await call<UserItem>(t, admin, 'GET', `/user/spec/user/${id}`)).spec.disabled).toBe(true);
    expect((await auditRows(t)).find((r) => r.action === 'user_disable' && r.target === `user:${name}`)).toMatchObject({ userName: 'demo-gadmin' });
    const enabled = await call<UserItem>(t, admin, 'PATCH', `/user/user/${id}`, { disabled: false });
    expect(enabled.spec.disabled).toBe(false);
    expect(await login(t.app, name, userPassword)).toMatch(randomTokenShape);
  });

  it('hard-deletes only a user nothing refers to', async () => {
    const fresh = freshName('unused');
    const id = await createUser(t, admin, fresh);
    const gone = await call<{ deleted: boolean }>(t, admin, 'DELETE', `/user/user/${id}?hard=true`);
    expect(gone.spec.deleted).toBe(true);
    expect((await call(t, admin, 'GET', `/user/spec/user/${id}`)).code).toBe(1404);

    const active = freshName('active');
    const activeId = await createUser(t, admin, active);
    await login(t.app, active, userPassword);
    const refused = await call(t, admin, 'DELETE', `/user/user/${activeId}?hard=true`);
    expect(refused.code).toBe(1409);
    expect(refused.info).toMatch(/signed in/);
    expect((await call(t, admin, 'GET', `/user/spec/user/${activeId}`)).code).toBe(200);
  });

  it('confines a group admin to their group and to users with no more power', async () => {
    const outsiderId = await createUser(t, admin, freshName('far'));
    expect((await call(t, gadmin, 'DELETE', `/user/user/${outsiderId}`)).code).toBe(1403);
    const powerful = freshName('boss');
    await createUser(t, admin, powerful, 'demo-lab');
    await setKeys(t, admin, powerful, freshName('bossrole'), ['query_all_user']);
    const bossId = (await call<UserItem>(t, admin, 'GET', `/user/spec/user/${powerful}`)).spec.id;
    expect((await call(t, gadmin, 'DELETE', `/user/user/${bossId}`)).code).toBe(1403);
    expect((await call(t, gadmin, 'PATCH', `/user/user/${bossId}`, { real_name: 'x' })).code).toBe(1403);
  });

  it('refuses removing yourself and unknown ids', async () => {
    const me = await call<{ id: number }>(t, admin, 'GET', '/user/user/self');
    expect((await call(t, admin, 'DELETE', `/user/user/${me.spec.id}`)).code).toBe(1409);
    expect((await call(t, admin, 'DELETE', '/user/user/999999')).code).toBe(1404);
    expect((await call(t, admin, 'DELETE', '/user/user/abc')).code).toBe(1400);
  });

  it('lets only a platform admin move a user to another group', async () => {
    const name = freshName('mover');
    const id = await createUser(t, admin, name, 'demo-lab');
    expect((await call(t, gadmin, 'PATCH', `/user/user/${id}`, { group_name: 'other-lab' })).code).toBe(1403);
    const moved = await call<UserItem>(t, admin, 'PATCH', `/user/user/${id}`, { group_name: 'other-lab' });
    expect(moved.spec.group_name).toBe('other-lab');
  });
});

describe('group administrators', () => {
  it('a group admin promotes a member, who then holds the group-admin keys; then removes them', async () => {
    const name = freshName('promoted');
    await createUser(t, admin, name, 'demo-lab');
    const promoted = await call<UserItem>(t, gadmin, 'POST', '/user/update_to_group_admin', { user_name: name });
    expect(promoted.code).toBe(200);
    expect(promoted.spec.group_admin).toBe(true);
    const token = await login(t.app, name, userPassword);
    expect((await call<string[]>(t, token, 'GET', '/perm/permission')).spec).toContain('user_order_create_gadmin');
    expect((await auditRows(t)).find((r) => r.action === 'group_admin_promote' && r.target === `user:${name}`)).toMatchObject({ userName: 'demo-gadmin', detail: 'group demo-lab' });
    const removed = await call<UserItem>(t, gadmin, 'POST', '/user/remove_group_admin', { user_name: name });
    expect(removed.spec.group_admin).toBe(false);
    expect((await call<string[]>(t, token, 'GET', '/perm/permission')).spec).not.toContain('user_order_create_gadmin');
    expect((await auditRows(t)).some((r) => r.action === 'group_admin_remove' && r.target === `user:${name}`)).toBe(true);
  });

  it('refuses promoting a user of another group, or naming another group', async () => {
    const name = freshName('elsewhere');
    await createUser(t, admin, name, 'other-lab');
    expect((await call(t, gadmin, 'POST', '/user/update_to_group_admin', { user_name: name })).code).toBe(1403);
    expect((await call(t, gadmin, 'POST', '/user/update_to_group_admin', { user_name: name, group_name: 'other-lab' })).code).toBe(1403);
    const notMember = await call(t, admin, 'POST', '/user/update_to_group_admin', { user_name: name, group_name: 'demo-lab' });
    expect(notMember.code).toBe(1400);
  });

  it('a group admin cannot remove themselves', async () => {
    expect((await call(t, gadmin, 'POST', '/user/remove_group_admin', { user_name: 'demo-gadmin' })).code).toBe(1409);
  });
});

describe('GET /user/spec/user/{id}', () => {
  it('gives roles, administered groups and keys by id or name', async () => {
    const detail = await call<{ roles: { name: string }[]; administered_groups: string[]; permissions: string[] }>(t, admin, 'GET', '/user/spec/user/demo-gadmin');
    expect(detail.code).toBe(200);
    expect(detail.spec.administered_groups).toEqual(['demo-lab']);
    expect(detail.spec.permissions).toContain('user_order_create_gadmin');
  });

  it('hides users outside a group admin’s groups (1403) and answers 1404 for nobody', async () => {
    expect((await call(t, gadmin, 'GET', '/user/spec/user/admin')).code).toBe(1403);
    expect((await call(t, gadmin, 'GET', '/user/spec/user/demo-bound')).code).toBe(200);
    expect((await call(t, admin, 'GET', '/user/spec/user/nobody-here')).code).toBe(1404);
  });
});

describe('reading users is not managing them (query_all_user vs manage_all_user)', () => {
  it('a holder of query_all_user alone (the demo auditor) reads users but cannot create, change, disable or promote', async () => {
    const auditor = await login(t.app, 'demo-auditor', demoPassword);
    expect((await call(t, auditor, 'GET', '/user/user')).code).toBe(200);
    expect((await call(t, auditor, 'GET', '/user/spec/user/demo-user')).code).toBe(200);
    const target = await call<Page<UserItem>>(t, admin, 'GET', '/user/user?field_lk_user_name=demo-user');
    const id = target.spec.list.find((u) => u.user_name === 'demo-user')!.id;
    expect((await call(t, auditor, 'PATCH', `/user/user/${id}`, { disabled: true })).code).toBe(1403);
    expect((await call(t, auditor, 'DELETE', `/user/user/${id}`)).code).toBe(1403);
    expect((await call(t, auditor, 'POST', '/user/update_to_group_admin', { user_name: 'demo-user' })).code).toBe(1403);
    expect((await call(t, auditor, 'POST', '/user/user', { user_name: freshName('nope'), password: userPassword })).code).toBe(1403);
    expect((await call(t, auditor, 'POST', '/user/groups', { name: freshName('grp') })).code).toBe(1403);
    expect((await call(t, auditor, 'POST', '/user/update', { csv: 'user_name\nx' })).code).toBe(1403);
    expect((await call<UserItem>(t, admin, 'GET', `/user/spec/user/${id}`)).spec.disabled).toBe(false);
  });

  it('manage_all_user manages every user', async () => {
    const manager = freshName('manager');
    await createUser(t, admin, manager);
    await setKeys(t, admin, manager, 'user-managers', ['manage_all_user']);
    const token = await login(t.app, manager, userPassword);
    const name = freshName('managed');
    const id = await createUser(t, token, name);
    expect((await call(t, token, 'PATCH', `/user/user/${id}`, { real_name: 'Managed' })).code).toBe(200);
    expect((await call(t, token, 'GET', '/user/user?field_lk_user_name=managed')).code).toBe(200);
  });
});

describe('unknown fields are refused (1400 naming them), never ignored', () => {
  it('PATCH /user/user/{id}, /user/remove_group_admin, POST /user/user_role', async () => {
    const id = await createUser(t, admin, freshName('strict'));
    const cases: [string, string, object, string][] = [
      ['PATCH', `/user/user/${id}`, { real_name: 'X', is_admin: true }, 'body.is_admin'],
      ['POST', '/user/remove_group_admin', { user_name: 'demo-gadmin', everywhere: true }, 'body.everywhere'],
      ['POST', '/user/user_role', { user_name: 'demo-user', roles: [], append: true }, 'body.append'],
    ];
    for (const [method, path, payload, field] of cases) {
      const reply = await call<{ fields: { path: string; message: string }[] }>(t, admin, method as 'POST', path, payload);
      expect(reply.code, path).toBe(1400);
      expect(reply.spec.fields).toContainEqual({ path: field, message: 'unknown field' });
    }
    expect((await call<{ real_name: string | null }>(t, admin, 'GET', `/user/spec/user/${id}`)).spec.real_name).not.toBe('X');
  });
});
