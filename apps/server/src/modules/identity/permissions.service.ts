import { hasStatusBit, isPermissionKey, permissionKeys, StatusBit, type PermissionKey } from '@starlight/contract/permissions';
import { communityAdminRole, groupAdminRole } from './builtin-roles';
import type { RolesRepo } from './roles.repo';

/**
 * The actor's keys (spec §6): the union of the keys of their roles and, for group administrators,
 * of the builtin group-admin role; `binded_account` is held exactly when status bit 1 is set,
 * whatever a role says. Listed in the contract's order.
 */
export function createPermissionsService({ roles }: { roles: RolesRepo }) {
  return {
    async keysOf(userId: number, status: number): Promise<PermissionKey[]> {
      const held = new Set((await roles.keysOfUser(userId, groupAdminRole, communityAdminRole)).filter(isPermissionKey));
      held.delete('binded_account');
      if (hasStatusBit(status, StatusBit.boundAccount)) held.add('binded_account');
      return permissionKeys.filter((key) => held.has(key));
    },
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
