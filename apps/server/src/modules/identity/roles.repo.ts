import { and, eq, exists, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { communityAdmins, groupAdmins, rolePermissions, roles, userRoles } from '../../db/schema/identity';
import { internalError } from '../../lib/app-error';

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
     * Keys of the user's own roles, plus the keys of `groupAdminRole` when the user administers a
     * group and of `communityAdminRole` when they administer a community.
     */
    async keysOfUser(userId: number, groupAdminRole: string, communityAdminRole?: string): Promise<string[]> {
      const viaRoles = db
        .select({ key: rolePermissions.permissionKey })
        .from(rolePermissions)
        .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
        .where(eq(userRoles.userId, userId));
      const viaGroups = db
        .select({ key: rolePermissions.permissionKey })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
        .where(
          and(
            eq(roles.name, groupAdminRole),
            eq(roles.builtin, true),
            exists(db.select().from(groupAdmins).where(eq(groupAdmins.userId, userId))),
          ),
        );
      const viaCommunities = db
        .select({ key: rolePermissions.permissionKey })
        .from(rolePermissions)
        .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
        .where(
          and(
            eq(roles.name, communityAdminRole ?? ''),
            eq(roles.builtin, true),
            exists(db.select().from(communityAdmins).where(eq(communityAdmins.userId, userId))),
          ),
        );
      const rows = await viaRoles.union(viaGroups).union(viaCommunities);
      return rows.map((row) => row.key);
    },
  };
}

export type RolesRepo = ReturnType<typeof createRolesRepo>;
