import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rolePermissions, roles, userRoles } from '../../db/schema/identity';

// Drizzle leaves columns unqualified in single-table selects, so the outer role is named explicitly.
const roleId = sql.raw('"roles"."id"');
const keysOf = sql<string[]>`coalesce((select array_agg(rp.permission_key order by rp.permission_key) from ${rolePermissions} rp where rp.role_id = ${roleId}), '{}')`;
const userCount = sql<number>`(select count(*) from ${userRoles} ur where ur.role_id = ${roleId})`.mapWith(Number);
const roleColumns = { id: roles.id, name: roles.name, description: roles.description, builtin: roles.builtin, keys: keysOf, userCount };

/** Roles with their keys and holders, for role-manage and operation-manage. */
export function createAdminRolesRepo(db: Database) {
  return {
    list: () => db.select(roleColumns).from(roles).orderBy(sql`${roles.builtin} desc`, roles.name),

    async find(ref: string | number) {
      const [row] = await db
        .select(roleColumns)
        .from(roles)
        .where(typeof ref === 'number' ? eq(roles.id, ref) : eq(roles.name, ref));
      return row;
    },

    async findByNames(names: readonly string[]) {
      if (names.length === 0) return [];
      return db.select(roleColumns).from(roles).where(inArray(roles.name, [...names]));
    },

    async create(name: string, description: string, keys: readonly string[]): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(roles).values({ name, description, builtin: false }).onConflictDoNothing().returning({ id: roles.id });
        if (!row) return null;
        if (keys.length > 0) await tx.insert(rolePermissions).values(keys.map((permissionKey) => ({ roleId: row.id, permissionKey })));
        return row.id;
      });
    },

    async update(id: number, patch: { description?: string | undefined; keys?: readonly string[] | undefined }): Promise<void> {
      await db.transaction(async (tx) => {
        if (patch.description !== undefined) await tx.update(roles).set({ description: patch.description }).where(eq(roles.id, id));
        if (patch.keys !== undefined) {
          await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
          if (patch.keys.length > 0) await tx.insert(rolePermissions).values(patch.keys.map((permissionKey) => ({ roleId: id, permissionKey })));
        }
      });
    },

    async delete(id: number): Promise<void> {
      await db.delete(roles).where(eq(roles.id, id));
    },

    /** How many roles hold each key. */
    async keyUsage(): Promise<Map<string, number>> {
      const rows = await db
        .select({ key: rolePermissions.permissionKey, n: sql<number>`count(*)`.mapWith(Number) })
        .from(rolePermissions)
        .groupBy(rolePermissions.permissionKey);
      return new Map(rows.map((row) => [row.key, row.n]));
    },
  };
}

export type AdminRolesRepo = ReturnType<typeof createAdminRolesRepo>;
