import { Code } from '@starlight/contract/codes';
import {
  quotaExceededReason,
  quotaExpiredReason,
  type GroupExpirePatch,
  type GroupQuotaPatch,
  type GroupStorage,
  type GroupStorageDetail,
  type QuotaListQuery,
  type StorageQuota,
  type UserQuotaPatch,
} from '@starlight/contract/cluster-storage';
import { formatBytes } from '@starlight/contract/format';
import { hasAnyPermission } from '@starlight/contract/permissions';
import type { FileDriver } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { ClusterRow } from '../clusters/clusters.service';
import { measureUsage } from '../../drivers/files/usage';
import type { WriteGuard } from '../storage/storage-target';
import type { UsageCache } from './storage-usage';
import type { StoragesService } from './storages.service';
import type { MemberRow, StorageQuotaRow, StorageRow, StoragesRepo } from './storages.repo';

/** Platform administrators of storage quotas: every user and group. */
export const storageAdminPerms = ['kcluster_clusters_admin'] as const;
/** Users measured at most per list reply (each is a walk of a home, cached). */
const maxMeasuredPerList = 50;
const maxListedUsers = 200;

type Located = { storage: StorageRow; cluster: ClusterRow };
const invalid = (path: string, message: string): AppError => new AppError(Code.invalidInput, message, { fields: [{ path, message }] });

/**
 * Storage quotas per user and per group on each storage, with expiry. Usage is measured on the storage's
 * driver as the account (storage-usage.ts), cached; an expired quota refuses every write that adds bytes
 * (reads, downloads and removals still work) until an administrator renews it.
 */
export function createQuotasService({
  repo,
  storages,
  usage,
  now = () => new Date(),
}: {
  repo: StoragesRepo;
  storages: StoragesService;
  usage: UsageCache;
  now?: () => Date;
}) {
  const isAdmin = (actor: Actor): boolean => hasAnyPermission([...storageAdminPerms], actor.permissions);
  const expired = (row: StorageQuotaRow | undefined): boolean => !!row?.expiresAt && row.expiresAt.getTime() <= now().getTime();

  async function usedBy(located: Located, driver: FileDriver, account: string): Promise<number> {
    return (await usage.get(located.storage.id, account, () => measureUsage(driver, { account }))).bytes;
  }
  async function usedOrNull(located: Located, account: string | null): Promise<number | null> {
    if (!account) return null;
    try {
      return await usedBy(located, await storages.driverOf(located.storage, located.cluster), account);
    } catch {
      return null; // unreachable storage or missing root: shown as not measured
    }
  }
  async function groupUsed(located: Located, groupId: number): Promise<number | null> {
    const members = await repo.boundMembers(groupId);
    const used = await Promise.all(members.map((m) => usedOrNull(located, m.systemAccount)));
    return used.some((u) => u === null) ? null : used.reduce<number>((a, b) => a + (b ?? 0), 0);
  }

  function toQuota(
    located: Located,
    subject: { user?: MemberRow; group?: { id: number; name: string } },
    row: StorageQuotaRow | undefined,
    used: number | null,
    processed: boolean,
  ): StorageQuota {
    const limit = row?.limitBytes ?? null;
    return {
      scope: subject.user ? 'user' : 'group',
      cluster_name: located.cluster.name,
      storage_name: located.storage.name,
      user_name: subject.user?.userName ?? null,
      group_id: subject.group?.id ?? subject.user?.groupId ?? null,
      group_name: subject.group?.name ?? null,
      limit_bytes: limit,
      used_bytes: used,
      expires_at: row?.expiresAt?.toISOString() ?? null,
      expired: expired(row),
      limit_display: processed && limit !== null ? formatBytes(limit) : null,
      used_display: processed && used !== null ? formatBytes(used) : null,
    };
  }

  async function locatedList(query: { cluster?: string | undefined; storage?: string | undefined }): Promise<Located[]> {
    return (await storages.located()).filter((l) => (!query.cluster || l.cluster.name === query.cluster) && (!query.storage || l.storage.name === query.storage));
  }

  /** Groups the actor may see: all (admin), administered ones, else their own. */
  async function visibleGroupIds(actor: Actor): Promise<number[] | undefined> {
    if (isAdmin(actor)) return undefined;
    const administered = await repo.administeredGroups(actor.userId);
    const own = (await repo.usersByIds([actor.userId]))[0]?.groupId;
    return [...new Set([...administered, ...(own ? [own] : [])])];
  }

  async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
    const out: R[] = new Array<R>(items.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(limit, items.length) }, async () => {
        while (next < items.length) {
          const i = next++;
          out[i] = await fn(items[i]!, i);
        }
      }),
    );
    return out;
  }

  async function groupQuotasOf(groupList: { id: number; name: string }[], located: Located[], processed: boolean): Promise<Map<number, StorageQuota[]>> {
    const rows = await repo.quotas(located.map((l) => l.storage.id));
    const result = new Map<number, StorageQuota[]>();
    for (const group of groupList) {
      const quotas = await mapLimited(located, 2, async (l) => {
        const row = rows.find((r) => r.storageId === l.storage.id && r.groupId === group.id);
        return toQuota(l, { group }, row, await groupUsed(l, group.id), processed);
      });
      result.set(group.id, quotas);
    }
    return result;
  }

  async function userQuotasOf(members: MemberRow[], located: Located[], processed: boolean): Promise<StorageQuota[]> {
    const rows = await repo.quotas(located.map((l) => l.storage.id));
    const pairs = members.flatMap((user) => located.map((l) => ({ user, l })));
    return mapLimited(pairs, 4, async ({ user, l }, i) => {
      const row = rows.find((r) => r.storageId === l.storage.id && r.userId === user.id);
      const used = i < maxMeasuredPerList * located.length ? await usedOrNull(l, user.systemAccount) : (usage.peek(l.storage.id, user.systemAccount ?? '')?.bytes ?? null);
      return toQuota(l, { user }, row, used, processed);
    });
  }

  async function mayManageUser(actor: Actor, user: MemberRow): Promise<boolean> {
    if (isAdmin(actor)) return true;
    return user.groupId !== null && (await repo.administeredGroups(actor.userId)).includes(user.groupId);
  }

  return {
    /** GET …/spec/userQuotas: every user (admin), the administered groups' users (group admin), else oneself. */
    async userQuotas(actor: Actor, query: QuotaListQuery): Promise<{ list: StorageQuota[]; total: number }> {
      const located = await locatedList(query);
      const groupIds = await visibleGroupIds(actor);
      const administered = isAdmin(actor) ? undefined : await repo.administeredGroups(actor.userId);
      const members =
        groupIds === undefined
          ? await repo.members(undefined, query.field_lk_name, maxListedUsers)
          : administered && administered.length > 0
            ? await repo.members(administered, query.field_lk_name, maxListedUsers)
            : (await repo.usersByIds([actor.userId])).filter((u) => !query.field_lk_name || u.userName.includes(query.field_lk_name));
      const list = await userQuotasOf(members, located, query.display === 'processed');
      return { list, total: list.length };
    },

    /** GET …/spec/groupQuotas: every group (admin), else the administered groups and one's own. */
    async groupQuotas(actor: Actor, query: QuotaListQuery): Promise<{ list: StorageQuota[]; total: number }> {
      const located = await locatedList(query);
      const groupList = (await repo.groups(await visibleGroupIds(actor))).filter((g) => !query.field_lk_name || g.name.includes(query.field_lk_name));
      const byGroup = await groupQuotasOf(groupList, located, query.display === 'processed');
      const list = groupList.flatMap((g) => byGroup.get(g.id) ?? []);
      return { list, total: list.length };
    },

    async groups(actor: Actor): Promise<GroupStorage[]> {
      const located = await locatedList({});
      const groupList = await repo.groups(await visibleGroupIds(actor));
      const [byGroup, counts] = await Promise.all([groupQuotasOf(groupList, located, true), repo.memberCounts(groupList.map((g) => g.id))]);
      return groupList.map((g) => ({ group_id: g.id, group_name: g.name, members: counts.get(g.id) ?? 0, quotas: byGroup.get(g.id) ?? [] }));
    },

    async group(actor: Actor, id: number): Promise<GroupStorageDetail> {
      const visible = await visibleGroupIds(actor);
      const [group] = await repo.groups([id]);
      if (!group) throw notFound('group');
      if (visible !== undefined && !visible.includes(id)) throw new AppError(Code.forbidden, 'you may see only your own groups');
      const located = await locatedList({});
      const members = await repo.members([id], undefined, maxListedUsers);
      const [byGroup, users] = await Promise.all([groupQuotasOf([group], located, true), userQuotasOf(members, located, true)]);
      return { group_id: group.id, group_name: group.name, members: members.length, quotas: byGroup.get(id) ?? [], users };
    },

    async setUser(actor: Actor, input: UserQuotaPatch): Promise<StorageQuota> {
      const user = await repo.user(input.user_name);
      if (!user) throw new AppError(Code.notFound, `user ${input.user_name} not found`, { fields: [{ path: 'body.user_name', message: 'no such user' }] });
      if (!(await mayManageUser(actor, user))) throw new AppError(Code.forbidden, 'you may set quotas only for users of the groups you administer');
      const located = await storages.byClusterAndName(input.cluster, input.storage, 'body');
      if (!isAdmin(actor)) {
        // a group administrator hands out the group's space, never more than it
        const group = user.groupId !== null ? await repo.groupQuota(located.storage.id, user.groupId) : undefined;
        const cap = group?.limitBytes ?? null;
        if (cap !== null && (input.limit_bytes === null || input.limit_bytes > cap))
          throw invalid('body.limit_bytes', `at most the group's quota of ${cap} bytes`);
        if (input.expires_at !== undefined) throw invalid('body.expires_at', 'only an administrator sets expiry');
      }
      const row = await repo.upsertQuota(
        { storageId: located.storage.id, userId: user.id },
        { limitBytes: input.limit_bytes, ...(input.expires_at !== undefined ? { expiresAt: input.expires_at ? new Date(input.expires_at) : null } : {}) },
      );
      return toQuota(located, { user }, row, await usedOrNull(located, user.systemAccount), false);
    },

    async setGroup(input: GroupQuotaPatch): Promise<StorageQuota> {
      const [group] = await repo.groups([input.group_id]);
      if (!group) throw new AppError(Code.notFound, 'group not found', { fields: [{ path: 'body.group_id', message: 'no such group' }] });
      const located = await storages.byClusterAndName(input.cluster, input.storage, 'body');
      const row = await repo.upsertQuota(
        { storageId: located.storage.id, groupId: group.id },
        { limitBytes: input.limit_bytes, ...(input.expires_at !== undefined ? { expiresAt: input.expires_at ? new Date(input.expires_at) : null } : {}) },
      );
      return toQuota(located, { group }, row, await groupUsed(located, group.id), false);
    },

    async expireGroup(input: GroupExpirePatch): Promise<StorageQuota> {
      const [group] = await repo.groups([input.group_id]);
      if (!group) throw new AppError(Code.notFound, 'group not found', { fields: [{ path: 'body.group_id', message: 'no such group' }] });
      const located = await storages.byClusterAndName(input.cluster, input.storage, 'body');
      const existing = await repo.groupQuota(located.storage.id, group.id);
      if (!existing) throw new AppError(Code.notFound, `group ${group.name} has no quota on storage ${located.storage.name}`);
      const row = await repo.upsertQuota({ storageId: located.storage.id, groupId: group.id }, { expiresAt: input.expires_at ? new Date(input.expires_at) : null });
      return toQuota(located, { group }, row, await groupUsed(located, group.id), false);
    },

    /** The caller's own quota and usage on one storage (storage spec list, verbose). */
    async mine(userId: number, account: string, located: Located): Promise<{ limit: number | null; used: number | null; expiresAt: string | null }> {
      const row = await repo.userQuota(located.storage.id, userId);
      return { limit: row?.limitBytes ?? null, used: await usedOrNull(located, account), expiresAt: row?.expiresAt?.toISOString() ?? null };
    },

    /** The write guard for one user on one storage (the storage module calls it for every write). */
    guard(userId: number, account: string, located: Located, driver: FileDriver): WriteGuard {
      async function limits(): Promise<{ what: string; row: StorageQuotaRow; used: () => Promise<number> }[]> {
        const me = (await repo.usersByIds([userId]))[0];
        const found: { what: string; row: StorageQuotaRow; used: () => Promise<number> }[] = [];
        const mine = await repo.userQuota(located.storage.id, userId);
        if (mine) found.push({ what: `your quota`, row: mine, used: () => usedBy(located, driver, account) });
        if (me?.groupId) {
          const groupId = me.groupId;
          const group = await repo.groupQuota(located.storage.id, groupId);
          if (group)
            found.push({
              what: "your group's quota",
              row: group,
              used: async () => {
                const members = await repo.boundMembers(groupId);
                const each = await Promise.all(members.map((m) => usedBy(located, driver, m.systemAccount!)));
                return each.reduce((a, b) => a + b, 0);
              },
            });
        }
        return found;
      }
      return {
        async reserve(bytes: number): Promise<void> {
          for (const { what, row, used } of await limits()) {
            if (expired(row))
              throw new AppError(Code.conflict, `${what} on storage ${located.storage.name} expired on ${row.expiresAt!.toISOString()}: ask an administrator to renew it`, {
                reason: quotaExpiredReason,
                expires_at: row.expiresAt!.toISOString(),
              });
            if (row.limitBytes === null) continue;
            const now = await used();
            if (now + bytes > row.limitBytes)
              throw new AppError(
                Code.conflict,
                `this would exceed ${what} on storage ${located.storage.name}: ${formatBytes(now)} used of ${formatBytes(row.limitBytes)}, ${formatBytes(bytes)} more requested`,
                { reason: quotaExceededReason, limit_bytes: row.limitBytes, used_bytes: now, requested_bytes: bytes },
              );
          }
        },
        async remaining(): Promise<number | null> {
          let least: number | null = null;
          for (const { row, used } of await limits()) {
            if (expired(row)) return 0;
            if (row.limitBytes === null) continue;
            const left = Math.max(0, row.limitBytes - (await used()));
            least = least === null ? left : Math.min(least, left);
          }
          return least;
        },
        changed: () => usage.invalidate(located.storage.id, account),
      };
    },
  };
}

export type QuotasService = ReturnType<typeof createQuotasService>;
