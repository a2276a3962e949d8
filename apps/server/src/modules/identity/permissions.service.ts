import { hasStatusBit, isPermissionKey, permissionKeys, StatusBit, type PermissionKey } from '@starlight/contract/permissions';
import type { RolesRepo } from './roles.repo';

/**
 * The actor's keys (spec §6): the union of the keys of their roles and, for group and community
 * administrators, of the builtin group-admin / community-admin role (`roleKeysOf` in roles.repo,
 * one SQL expression); `binded_account` is held exactly when status bit 1 is set, whatever a role
 * says. Listed in the contract's order.
 */
export function createPermissionsService({ roles }: { roles: RolesRepo }) {
  return {
    async keysOf(userId: number, status: number): Promise<PermissionKey[]> {
      return effectiveKeys(await roles.keysOfUser(userId), status);
    },
    /** The rule above applied to keys already read (the session lookup reads them with the session). */
    effective: effectiveKeys,
  };
}

/** Role keys → the keys an actor holds: unknown keys dropped, binded_account from status bit 1 only, contract order. */
export function effectiveKeys(roleKeys: readonly string[], status: number): PermissionKey[] {
  const held = new Set(roleKeys.filter(isPermissionKey));
  held.delete('binded_account');
  if (hasStatusBit(status, StatusBit.boundAccount)) held.add('binded_account');
  return permissionKeys.filter((key) => held.has(key));
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
