import type { Operation, Role } from '@starlight/contract/admin';
import { permissionMeanings } from '@starlight/contract/permission-meanings';
import { permissionKeys, type PermissionKey } from '@starlight/contract/permissions';
import { flattenRouteAccess } from '@starlight/contract/routes';
import { notFound } from '../../lib/app-error';
import type { AdminRolesRepo } from './admin-roles.repo';
import type { AdminUsersRepo } from './admin-users.repo';
import { conflict, fieldError, type AdminContext, type AuditWriter } from './admin-context';
import type { GrantGuard } from './grant-guard';

type RoleRow = NonNullable<Awaited<ReturnType<AdminRolesRepo['find']>>>;

const toRole = (row: RoleRow): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  builtin: row.builtin,
  keys: row.keys,
  user_count: row.userCount,
});

/** Routes of spec §2 each key opens (a key anywhere in the route's chain of any-of lists). */
function routesByKey(): Map<PermissionKey, string[]> {
  const out = new Map<PermissionKey, string[]>();
  for (const [path, chain] of flattenRouteAccess()) {
    const last = chain[chain.length - 1];
    if (!last) continue;
    for (const key of last) out.set(key, [...(out.get(key) ?? []), path]);
  }
  return out;
}

const symmetricDifference = (a: readonly string[], b: readonly string[]): string[] => [...a.filter((key) => !b.includes(key)), ...b.filter((key) => !a.includes(key))];

/** Roles (role-manage), who holds them (user_role) and the key catalogue (operation-manage). */
export function createAdminRolesService({ adminRoles, adminUsers, audit, assertMayGrant }: { adminRoles: AdminRolesRepo; adminUsers: AdminUsersRepo; audit: AuditWriter; assertMayGrant: GrantGuard }) {
  const keyRoutes = routesByKey();
  async function roleOr404(ref: string | number): Promise<RoleRow> {
    const row = await adminRoles.find(ref);
    if (!row) throw notFound('role');
    return row;
  }

  return {
    list: async (): Promise<Role[]> => (await adminRoles.list()).map(toRole),

    async operations(): Promise<Operation[]> {
      const usage = await adminRoles.keyUsage();
      return permissionKeys.map((key) => ({
        key,
        meanings: permissionMeanings[key],
        routes: keyRoutes.get(key) ?? [],
        role_count: usage.get(key) ?? 0,
        grantable: key !== 'binded_account',
      }));
    },

    async create(ctx: AdminContext, input: { name: string; description: string; keys: readonly PermissionKey[] }): Promise<Role> {
      const keys = [...new Set(input.keys)];
      if (keys.includes('binded_account')) throw fieldError('body.keys', 'binded_account follows the bound system account and cannot be granted');
      await assertMayGrant(ctx, { action: 'role_create', target: `role:${input.name}`, detail: `keys: ${keys.join(', ')}`, keys });
      const id = await adminRoles.create(input.name, input.description, keys);
      if (id === null) throw conflict('a role with this name exists');
      await audit(ctx, 'role_create', `role:${input.name}`, `keys: ${keys.join(', ')}`);
      return toRole(await roleOr404(id));
    },

    /** Builtin roles are defined by code (restored at every start), so they are not edited here. */
    async update(ctx: AdminContext, id: number, patch: { description?: string | undefined; keys?: readonly PermissionKey[] | undefined }): Promise<Role> {
      const role = await roleOr404(id);
      if (role.builtin) throw conflict('builtin roles cannot be changed');
      const keys = patch.keys ? [...new Set(patch.keys)] : undefined;
      if (keys?.includes('binded_account')) throw fieldError('body.keys', 'binded_account follows the bound system account and cannot be granted');
      const detail = keys ? `keys: ${role.keys.join(', ') || '-'} → ${keys.join(', ') || '-'}` : 'description';
      if (keys) await assertMayGrant(ctx, { action: 'role_update', target: `role:${role.name}`, detail, keys: symmetricDifference(role.keys, keys) });
      await adminRoles.update(id, { description: patch.description, keys });
      await audit(ctx, 'role_update', `role:${role.name}`, detail);
      return toRole(await roleOr404(id));
    },

    async remove(ctx: AdminContext, id: number): Promise<void> {
      const role = await roleOr404(id);
      if (role.builtin) throw conflict('builtin roles cannot be deleted');
      await assertMayGrant(ctx, { action: 'role_delete', target: `role:${role.name}`, detail: `keys: ${role.keys.join(', ') || '-'}`, keys: role.keys });
      await adminRoles.delete(id);
      await audit(ctx, 'role_delete', `role:${role.name}`, `held by ${role.userCount} user(s)`);
    },

    userRoles: (query: { page: number; page_size: number; field_eq_user_name?: string | undefined; field_eq_role_name?: string | undefined }) =>
      adminUsers.userRoles({
        userName: query.field_eq_user_name,
        roleName: query.field_eq_role_name,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      }),

    /**
     * Makes the user's roles exactly `roles`. Every role given or taken away must hold only keys the actor holds, and
     * platform-admin moves only at a platform administrator's hand (grant-guard.ts); roles kept as they are need nothing.
     */
    async setUserRoles(ctx: AdminContext, input: { user_name: string; roles: readonly string[] }) {
      const user = await adminUsers.find(input.user_name);
      if (!user) throw notFound('user');
      const names = [...new Set(input.roles)];
      const found = await adminRoles.findByNames(names);
      const missing = names.filter((name) => !found.some((row) => row.name === name));
      if (missing.length > 0) throw fieldError('body.roles', `no such role: ${missing.join(', ')}`);
      const before = (await adminUsers.rolesOf(user.user.id)).map((r) => r.name);
      const after = found.map((row) => row.name).sort();
      const detail = `${before.join(', ') || '-'} → ${after.join(', ') || '-'}`;
      const moved = [...found.filter((row) => !before.includes(row.name)), ...(await adminRoles.findByNames(before.filter((name) => !names.includes(name))))];
      await assertMayGrant(ctx, { action: 'user_roles_change', target: `user:${user.user.userName}`, detail, keys: moved.flatMap((row) => row.keys), roles: moved.map((row) => row.name) });
      await adminUsers.setRoles(user.user.id, found.map((row) => row.id));
      await audit(ctx, 'user_roles_change', `user:${user.user.userName}`, detail);
      return { user_name: user.user.userName, roles: after };
    },
  };
}

export type AdminRolesService = ReturnType<typeof createAdminRolesService>;
