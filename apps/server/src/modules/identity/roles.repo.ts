import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { communityAdmins, groupAdmins, rolePermissions, roles, userRoles, users } from '../../db/schema/identity';
import { internalError } from '../../lib/app-error';
import { communityAdminRole, groupAdminRole } from './builtin-roles';

export function createRolesRepo(db: Database) {
  return {
    /** Creates the role or updates its description, and makes its keys exactly `keys`. */
    async upsert(role: { name: string; description: string; builtin: boolean }, keys: readonly string[]): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({ name: role.name, description: role.description, builtin: role.builtin })
          .onConflictDoUpdate({ target: roles.name, set: { description: role.description, builtin: role.builtin } })
          .returning({ id: roles.id });
        if (!row) throw internalError(`role ${role.name} was not written`);
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, row.id));
        if (keys.length > 0)
          await tx.insert(rolePermissions).values(keys.map((permissionKey) => ({ roleId: row.id, permissionKey })));
        return row.id;
      });
    },

    async idsByName(names: readonly string[]): Promise<Map<string, number>> {
      if (names.length === 0) return new Map();
      const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, [...names]));
      return new Map(rows.map((row) => [row.name, row.id]));
    },

    async assign(userId: number, roleId: number): Promise<void> {
      await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
    },

    /**
     * Keys of the user's own roles, plus the keys of the builtin group-admin role when the user
     * administers a group and of the builtin community-admin role when they administer a community
     * (raw: unknown keys and binded_account are left to the permissions service).
     */
    async keysOfUser(userId: number): Promise<string[]> {
      const [row] = await db.select({ keys: roleKeysOf(users.id) }).from(users).where(eq(users.id, userId));
      return row?.keys ?? [];
    },
  };
}

/**
 * The keys a user holds through roles, as one SQL expression (a text[]; empty when none) so that a
 * caller can fold it into a larger query: the session lookup asks for it in the same round trip as
 * the session and its user. `userId` is an SQL value or a column of the enclosing query.
 */
export function roleKeysOf(userId: SQLWrapper): SQL<string[]> {
  const builtinRoleId = (name: string, admins: typeof groupAdmins | typeof communityAdmins) =>
    sql`select ${roles.id} from ${roles} where ${roles.builtin} and ${roles.name} = ${name}
          and exists (select 1 from ${admins} where ${admins.userId} = ${userId})`;
  return sql<string[]>`coalesce((
    select array_agg(distinct ${rolePermissions.permissionKey}) from ${rolePermissions}
    where ${rolePermissions.roleId} in (select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${userId})
       or ${rolePermissions.roleId} in (${builtinRoleId(groupAdminRole, groupAdmins)})
       or ${rolePermissions.roleId} in (${builtinRoleId(communityAdminRole, communityAdmins)})
  ), '{}'::text[])`;
}

export type RolesRepo = ReturnType<typeof createRolesRepo>;
