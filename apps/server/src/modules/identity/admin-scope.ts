import type { Actor } from '../../lib/actor';
import { forbidden } from '../../lib/app-error';
import type { AdminUsersRepo, GroupScope } from './admin-users.repo';
import { holds } from './admin-context';
import type { PermissionsService } from './permissions.service';

/**
 * Who an administrator may see and change (spec §6): query_all_user reads everyone, manage_all_user changes everyone;
 * group admins the members of the groups they administer; community admins the members of the
 * groups of their communities (read only). Everyone else: nobody.
 */
export function createAdminScope({ adminUsers, permissions }: { adminUsers: AdminUsersRepo; permissions: PermissionsService }) {
  async function administered(actor: Actor) {
    return adminUsers.administeredGroupIds(actor.userId);
  }

  /** The groups whose members the actor may change (group admins: their own groups only). */
  async function writable(actor: Actor): Promise<GroupScope> {
    if (holds(actor, 'manage_all_user')) return { all: true };
    if (!holds(actor, 'user_order_create_gadmin')) return { all: false, groupIds: [] };
    return { all: false, groupIds: (await administered(actor)).asGroupAdmin };
  }

  return {
    /** The groups the actor may read. */
    async readable(actor: Actor): Promise<GroupScope> {
      if (holds(actor, 'query_all_user', 'manage_all_user')) return { all: true };
      const { asGroupAdmin, viaCommunity } = await administered(actor);
      const ids = new Set<number>();
      if (holds(actor, 'user_order_create_gadmin')) asGroupAdmin.forEach((id) => ids.add(id));
      if (holds(actor, 'community_3rd_admin')) viaCommunity.forEach((id) => ids.add(id));
      return { all: false, groupIds: [...ids] };
    },

    writable,

    /**
     * Refuses (1403) unless `target` is inside `scope`, and unless the target holds no key the
     * actor lacks: a group admin cannot disable or switch to a platform admin who sits in their
     * group. binded_account follows the binding, not power, so it is left out of the comparison.
     */
    async assertCanActOn(actor: Actor, scope: GroupScope, target: { id: number; groupId: number | null; status: number }) {
      if (!inScope(scope, target.groupId)) throw forbidden();
      if (await outranks(target, actor)) throw forbidden();
    },

    /** The same decision as assertCanActOn, as a yes/no (what an outbox reader may see). */
    async mayManage(actor: Actor, target: { id: number; groupId: number | null; status: number }): Promise<boolean> {
      if (target.id === actor.userId) return true;
      return inScope(await writable(actor), target.groupId) && !(await outranks(target, actor));
    },

    outranks,
  };

  async function outranks(target: { id: number; status: number }, actor: Actor): Promise<boolean> {
    const keys = await permissions.keysOf(target.id, target.status);
    return keys.some((key) => key !== 'binded_account' && !actor.permissions.includes(key));
  }
}

export function inScope(scope: GroupScope, groupId: number | null): boolean {
  if (scope.all) return true;
  return groupId !== null && scope.groupIds.includes(groupId);
}

export type AdminScope = ReturnType<typeof createAdminScope>;
