import { permissionKeys } from '@starlight/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { adminToken, auditRows, call, createUser, freshName, setKeys, userPassword } from './admin-helpers';

/**
 * Who may grant what (issue 19): nobody grants or takes away a role or a key they do not hold; platform-admin moves only
 * at a platform administrator's hand. Every row is a real call through the API; refusals are audited as failed.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

async function actor(name: string, keys: string[], group?: string): Promise<string> {
  const userName = freshName(name);
  await createUser(t, tokens.admin ?? '', userName, group);
  if (keys.length > 0) await setKeys(t, tokens.admin ?? '', userName, freshName(`${name}-role`), keys);
  return login(t.app, userName, userPassword);
}

beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = await adminToken(t);
  await call(t, tokens.admin, 'POST', '/user/groups', { name: 'grant-lab' });
  tokens.keeper = await actor('keeper', ['query_role']);
  tokens.reader = await actor('reader', ['query_role', 'query_others_job']);
  // every key platform-admin has, through a role of its own: still not a platform administrator
  tokens.mimic = await actor('mimic', permissionKeys.filter((key) => key !== 'binded_account'));
  tokens.manager = await actor('manager', ['manage_all_user']);
  tokens.gadmin = await actor('gadmin', [], 'grant-lab');
  for (const [name, keys] of [['job-watch', ['query_others_job']], ['monitor-boss', ['manage_monitor']], ['doomed', ['manage_monitor']]] as const) {
    ids[name] = (await call<{ id: number }>(t, tokens.admin, 'POST', '/perm/roles', { name, keys })).spec.id;
  }
  const community = await call<{ id: number }>(t, tokens.admin, 'POST', '/community/communities', { name: 'grant-campus' });
  ids.community = community.spec.id;
});
afterAll(() => stopTestApp(t));

const selfName = async (token: string) => (await call<{ user_name: string }>(t, token, 'GET', '/user/user/self')).spec.user_name;
const member = () => freshName('member');
const inLab = async () => {
  const name = member();
  await createUser(t, tokens.admin ?? '', name, 'grant-lab');
  return name;
};
const anyone = async () => {
  const name = member();
  await createUser(t, tokens.admin ?? '', name);
  return name;
};

type Grant = (token: string) => Promise<number>;
const roles = (target: () => Promise<string>, names: string[]): Grant => async (token) => (await call(t, token, 'POST', '/user/user_role', { user_name: await target(), roles: names })).code;
const toSelf = (names: string[]): Grant => async (token) => (await call(t, token, 'POST', '/user/user_role', { user_name: await selfName(token), roles: names })).code;
const newRole = (keys: string[]): Grant => async (token) => (await call(t, token, 'POST', '/perm/roles', { name: freshName('made'), keys })).code;
const patchRole = (name: string, keys: string[]): Grant => async (token) => (await call(t, token, 'PATCH', `/perm/roles/${ids[name]}`, { keys })).code;
const deleteRole = (name: string): Grant => async (token) => (await call(t, token, 'DELETE', `/perm/roles/${ids[name]}`)).code;
const groupAdmin: Grant = async (token) => (await call(t, token, 'POST', '/user/update_to_group_admin', { user_name: await inLab(), group_name: 'grant-lab' })).code;
const communityAdmin: Grant = async (token) => (await call(t, token, 'POST', `/community/communities/${ids.community}/admins`, { user_name: await anyone() })).code;
const stripAdmin: Grant = async (token) => (await call(t, token, 'POST', '/user/user_role', { user_name: 'admin', roles: [] })).code;

// [actor, grant, expected code, the call itself; 'route' where the route's key refuses before the service]
const matrix: [string, string, number, Grant, 'route'?][] = [
  ['keeper', 'platform-admin to itself', 1403, toSelf(['platform-admin'])],
  ['keeper', 'a role with a key it lacks to itself', 1403, toSelf(['monitor-boss'])],
  ['keeper', 'a role with a key it lacks to another', 1403, roles(anyone, ['job-watch'])],
  ['keeper', 'a new role with keys it lacks', 1403, newRole(['manage_all_user', 'query_role'])],
  ['keeper', 'a new role with only its own key', 200, newRole(['query_role'])],
  ['keeper', 'a key it lacks into an existing role', 1403, patchRole('job-watch', ['query_others_job', 'manage_all_user'])],
  ['keeper', 'deleting a role with keys it lacks', 1403, deleteRole('doomed')],
  ['keeper', 'platform-admin taken from the administrator', 1403, stripAdmin],
  ['keeper', 'group administration', 1403, groupAdmin, 'route'],
  ['reader', 'a role whose keys it holds', 200, roles(anyone, ['job-watch'])],
  ['reader', 'that role and one with a key it lacks', 1403, roles(anyone, ['job-watch', 'monitor-boss'])],
  ['reader', 'platform-admin to another', 1403, roles(anyone, ['platform-admin'])],
  ['mimic', 'platform-admin to itself', 1403, toSelf(['platform-admin'])],
  ['mimic', 'platform-admin to another', 1403, roles(anyone, ['platform-admin'])],
  ['mimic', 'platform-admin taken from the administrator', 1403, stripAdmin],
  ['mimic', 'a role whose keys it holds', 200, roles(anyone, ['monitor-boss', 'job-watch'])],
  ['mimic', 'a new role with keys it holds', 200, newRole(['manage_all_user'])],
  ['mimic', 'group administration', 200, groupAdmin],
  ['mimic', 'community administration', 200, communityAdmin],
  ['manager', 'group administration (group-admin keys it lacks)', 1403, groupAdmin],
  ['manager', 'community administration (community_3rd_admin it lacks)', 1403, communityAdmin],
  ['manager', 'platform-admin to itself', 1403, toSelf(['platform-admin']), 'route'],
  ['admin', 'platform-admin to another', 200, roles(anyone, ['platform-admin'])],
  ['admin', 'a key into an existing role', 200, patchRole('monitor-boss', ['manage_monitor', 'manage_all_user'])],
  ['admin', 'community administration', 200, communityAdmin],
  ['admin', 'deleting a role', 200, deleteRole('doomed')],
];

describe('granting roles and keys (actors × grants)', () => {
  it('makes group-admin a real group administrator before the matrix runs', async () => {
    const name = await selfName(tokens.gadmin ?? '');
    expect((await call(t, tokens.admin ?? '', 'POST', '/user/update_to_group_admin', { user_name: name, group_name: 'grant-lab' })).code).toBe(200);
    expect((await call<string[]>(t, tokens.gadmin ?? '', 'GET', '/perm/permission')).spec).toContain('user_order_create_gadmin');
  });

  it.each(matrix)('%s: %s → %i', async (who, _what, expected, grant) => {
    expect(await grant(tokens[who] ?? '')).toBe(expected);
  });

  it('lets a group admin promote a member of its own group (it holds the group-admin keys)', async () => {
    expect(await groupAdmin(tokens.gadmin ?? '')).toBe(200);
  });

  it('left the refused grants without effect', async () => {
    const keeperKeys = (await call<string[]>(t, tokens.keeper ?? '', 'GET', '/perm/permission')).spec;
    expect(keeperKeys).toEqual(['query_role']);
    const mimicRoles = (await call<{ list: { role_name: string }[] }>(t, tokens.admin ?? '', 'GET', `/user/user_role?field_eq_user_name=${await selfName(tokens.mimic ?? '')}`)).spec.list;
    expect(mimicRoles.map((r) => r.role_name)).not.toContain('platform-admin');
    const adminRoles = (await call<{ list: { role_name: string }[] }>(t, tokens.admin ?? '', 'GET', '/user/user_role?field_eq_user_name=admin')).spec.list;
    expect(adminRoles.map((r) => r.role_name)).toContain('platform-admin');
    const jobWatch = (await call<{ name: string; keys: string[] }[]>(t, tokens.admin ?? '', 'GET', '/perm/roles')).spec.find((r) => r.name === 'job-watch');
    expect(jobWatch?.keys).toEqual(['query_others_job']);
  });

  it('audits every grant, the refused ones as failed with the reason', async () => {
    const rows = await auditRows(t);
    const keeper = await selfName(tokens.keeper ?? '');
    const refused = rows.filter((r) => r.result === 'failed' && ['user_roles_change', 'role_create', 'role_update', 'role_delete', 'group_admin_promote', 'community_admin_add'].includes(r.action));
    expect(refused).toHaveLength(matrix.filter(([, , code, , stop]) => code === 1403 && stop !== 'route').length);
    const ownAttempts = refused.filter((r) => r.userName === keeper && r.target === `user:${keeper}`).map((r) => r.detail);
    expect(ownAttempts).toContainEqual(expect.stringMatching(/^refused \(only a platform administrator grants platform-admin\): .* → platform-admin$/));
    expect(refused.find((r) => r.action === 'role_create' && r.userName === keeper)?.detail).toMatch(/you do not hold manage_all_user/);
    const granted = rows.filter((r) => r.result === 'ok' && r.action === 'user_roles_change' && r.detail.endsWith('platform-admin'));
    expect(granted.map((r) => r.userName)).toEqual(['admin']);
  });
});
