import type { List } from '@starlight/contract/envelope';
import type { AvailabilityListQuery, GroupAvailability, UsablePartition, UserAvailability } from '@starlight/contract/quotas';
import type { Actor } from '../../lib/actor';
import type { AccessService } from './access.service';
import type { GrantsService } from './grants.service';
import type { QuotaUser, QuotasRepo } from './quotas.repo';
import { adminReadKeys, type Scope } from './scope';

export interface AvailabilityDeps {
  repo: QuotasRepo;
  access: AccessService;
  grants: GrantsService;
  scope: Scope;
}

const gadminKey = 'query_partitions_user_quotas_ga' as const;
const hpcOnly = (list: UsablePartition[]) => list.filter((p) => p.cluster_kind === 'hpc');

/** Who may use what, answered from the grants (spec §6: Admin, GAdmin and user families). */
export function createAvailabilityService({ repo, access, grants, scope }: AvailabilityDeps) {
  const availabilityOf = async (user: QuotaUser): Promise<UserAvailability> => ({
    user_id: user.id,
    user_name: user.userName,
    group_id: user.groupId,
    group_name: user.groupName,
    system_account: user.systemAccount,
    partitions: await access.usableFor(user),
  });

  async function usersPage(users: QuotaUser[], query: AvailabilityListQuery): Promise<List<UserAvailability>> {
    const slice = users.slice((query.page - 1) * query.page_size, query.page * query.page_size);
    return { list: await Promise.all(slice.map(availabilityOf)), total: users.length };
  }

  return {
    /** /groups/avaliable/admin: every group, and users without a group (group_id null). */
    async groupsAdmin(): Promise<GroupAvailability[]> {
      const groups = [...(await repo.allGroups()), { id: null, name: null }];
      return Promise.all(groups.map(async (g) => ({ group_id: g.id, group_name: g.name, partitions: await access.usableForGroup(g.id, g.name) })));
    },

    /** /users/avaliable/admin: every user, paged. */
    async usersAdmin(query: AvailabilityListQuery): Promise<List<UserAvailability>> {
      const users = await repo.usersOf({
        nameContains: query.field_lk_user_name,
        groupIds: query.field_eq_group_id === undefined ? undefined : [query.field_eq_group_id],
      });
      return usersPage(users, query);
    },

    /** /available/user/{id}: that user — the caller, their group admin, or an admin. */
    async user(actor: Actor, userId: number, hpc = false): Promise<UserAvailability> {
      const user = await scope.userWithId(userId);
      await scope.assertMayRead(actor, user, adminReadKeys, gadminKey);
      const availability = await availabilityOf(user);
      return hpc ? { ...availability, partitions: hpcOnly(availability.partitions) } : availability;
    },

    async mine(actor: Actor, hpc = false): Promise<UsablePartition[]> {
      const list = await access.usableFor(await scope.me(actor));
      return hpc ? hpcOnly(list) : list;
    },

    async myGroup(actor: Actor, hpc = false): Promise<GroupAvailability> {
      const me = await scope.me(actor);
      const list = await access.usableForGroup(me.groupId, me.groupName);
      return { group_id: me.groupId, group_name: me.groupName, partitions: hpc ? hpcOnly(list) : list };
    },

    /** /hpc/partitions/users/available/{id}: users who may use partition {id} (admins: all; group admins: their members). */
    async usersOfPartition(actor: Actor, partitionId: number, query: AvailabilityListQuery): Promise<List<UserAvailability>> {
      const { cluster, name } = await grants.partitionById(partitionId);
      const all = actor.permissions.some((k) => adminReadKeys.includes(k));
      const users = await repo.usersOf({
        groupIds: all ? undefined : await scope.managedGroups(actor, gadminKey),
        nameContains: query.field_lk_user_name,
      });
      const reaching: UserAvailability[] = [];
      for (const user of users) {
        const availability = await availabilityOf(user);
        const partitions = availability.partitions.filter((p) => p.cluster_id === cluster.id && p.name === name);
        if (partitions.length > 0) reaching.push({ ...availability, partitions });
      }
      return { list: reaching.slice((query.page - 1) * query.page_size, query.page * query.page_size), total: reaching.length };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
