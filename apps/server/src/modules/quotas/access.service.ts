import { Code } from '@starlight/contract/codes';
import type { UsablePartition } from '@starlight/contract/quotas';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { PartitionAccessPolicy, PartitionsService, UsableTarget } from '../clusters/partitions.service';
import type { ClusterQuotaRow, GrantRow, QuotaUser, QuotasRepo, UserQuotaRow } from './quotas.repo';

export interface AccessDeps {
  repo: QuotasRepo;
  partitions: PartitionsService;
  now?: () => Date;
}

const invalid = (field: string, info: string) => new AppError(Code.invalidInput, info, { fields: [{ path: `body.${field}`, message: info }] });
const minOf = (...values: (number | null | undefined)[]): number | null => {
  const set = values.filter((v): v is number => typeof v === 'number');
  return set.length > 0 ? Math.min(...set) : null;
};
const earliest = (...values: (Date | null | undefined)[]): Date | null => {
  const set = values.filter((v): v is Date => v instanceof Date);
  return set.length > 0 ? new Date(Math.min(...set.map((d) => d.getTime()))) : null;
};

/**
 * The one rule (spec §6, issue 4): a user may use a non-private partition of an enabled HPC cluster
 * only while their group (or every group) holds an unexpired grant for it and no user quota of theirs
 * excludes them; the tighter of grant, user quota and cluster quotas limits what they may ask for.
 * Usage is core-seconds of the synced jobs since each record's `usage_since`.
 */
export function createAccessService({ repo, partitions, now = () => new Date() }: AccessDeps) {
  const live = (row: { expiresAt: Date | null }): boolean => row.expiresAt === null || row.expiresAt.getTime() > now().getTime();
  const keyOf = (clusterId: number, partition: string) => `${clusterId}\u0000${partition}`;

  async function accountsOfGroup(groupId: number | null): Promise<string[]> {
    if (groupId === null) return [];
    return (await repo.usersOf({ groupIds: [groupId], boundOnly: true })).map((u) => u.systemAccount!);
  }

  /** The group's own grant wins over an every-group one for the same partition. */
  function grantsByPartition(grants: GrantRow[]): Map<string, GrantRow> {
    const byKey = new Map<string, GrantRow>();
    for (const grant of grants.filter(live)) {
      const key = keyOf(grant.clusterId, grant.partitionName);
      const held = byKey.get(key);
      if (!held || (held.groupId === null && grant.groupId !== null)) byKey.set(key, grant);
    }
    return byKey;
  }

  async function clusterQuotaOver(quota: ClusterQuotaRow | undefined, accounts: string[]): Promise<boolean> {
    if (!quota) return false;
    if (!live(quota)) return true;
    if (quota.cpuSecondsLimit === null) return false;
    return (await repo.coreSecondsUsed(quota.clusterId, null, accounts, quota.usageSince)) >= quota.cpuSecondsLimit;
  }

  /**
   * What `groupId`'s members (and, given `user`, that user) may use among `open`, with limits and usage.
   * A group-level answer (no user) leaves user quotas out.
   */
  async function evaluate(group: { id: number | null; name: string | null }, user: QuotaUser | null, open: UsableTarget[]): Promise<{ target: UsableTarget; usable: UsablePartition }[]> {
    const groupId = group.id;
    const grants = grantsByPartition(await repo.grantsReaching(groupId));
    const userQuotas = new Map<string, UserQuotaRow>(
      user ? (await repo.allUserQuotas([user.id])).map((q) => [keyOf(q.clusterId, q.partitionName), q]) : [],
    );
    const groupAccounts = await accountsOfGroup(groupId);
    const userAccounts = user?.systemAccount ? [user.systemAccount] : [];
    const clusterOver = new Map<number, boolean>();
    const clusterMaxCpus = new Map<number, number | null>();
    const result: { target: UsableTarget; usable: UsablePartition }[] = [];
    for (const target of open) {
      const { partition, cluster } = target;
      const grant = grants.get(keyOf(cluster.id, partition.name));
      if (!grant) continue;
      const userQuota = userQuotas.get(keyOf(cluster.id, partition.name));
      if (userQuota && (!userQuota.allowed || !live(userQuota))) continue;
      if (!clusterOver.has(cluster.id)) {
        const byUser = user ? await repo.clusterQuotaFor(cluster.id, { userId: user.id }) : undefined;
        const byGroup = groupId !== null ? await repo.clusterQuotaFor(cluster.id, { groupId }) : undefined;
        clusterOver.set(cluster.id, (await clusterQuotaOver(byUser, userAccounts)) || (await clusterQuotaOver(byGroup, groupAccounts)));
        clusterMaxCpus.set(cluster.id, minOf(byUser && live(byUser) ? byUser.maxCpus : null, byGroup && live(byGroup) ? byGroup.maxCpus : null));
      }
      const groupUsed = await repo.coreSecondsUsed(cluster.id, partition.name, groupAccounts, grant.usageSince);
      const userUsed = userQuota ? await repo.coreSecondsUsed(cluster.id, partition.name, userAccounts, userQuota.usageSince) : null;
      const overGrant = grant.cpuSecondsLimit !== null && groupUsed >= grant.cpuSecondsLimit;
      const overUser = userQuota?.cpuSecondsLimit != null && userUsed !== null && userUsed >= userQuota.cpuSecondsLimit;
      result.push({
        target,
        usable: {
          partition_id: partition.id,
          cluster_id: cluster.id,
          cluster_name: cluster.name,
          cluster_kind: cluster.kind,
          name: partition.name,
          description: partition.description,
          is_default: partition.is_default,
          partition_max_time_minutes: partition.max_time_minutes,
          grant_id: grant.id,
          granted_group: grant.groupId === null ? null : group.name,
          max_cpus: minOf(grant.maxCpus, userQuota?.maxCpus, clusterMaxCpus.get(cluster.id)),
          max_time_minutes: minOf(grant.maxTimeMinutes, userQuota?.maxTimeMinutes, partition.max_time_minutes),
          expires_at: earliest(grant.expiresAt, userQuota?.expiresAt)?.toISOString() ?? null,
          group_cpu_seconds_limit: grant.cpuSecondsLimit,
          group_used_cpu_seconds: groupUsed,
          user_cpu_seconds_limit: userQuota?.cpuSecondsLimit ?? null,
          user_used_cpu_seconds: userUsed,
          over_limit: overGrant || overUser || clusterOver.get(cluster.id) === true,
        },
      });
    }
    return result;
  }

  async function forUser(user: QuotaUser, open?: UsableTarget[]) {
    return evaluate({ id: user.groupId, name: user.groupName }, user, open ?? (await partitions.open()));
  }

  const policy: PartitionAccessPolicy = {
    async usableBy(actor: Actor, open: UsableTarget[]): Promise<UsableTarget[]> {
      const user = await repo.userById(actor.userId);
      return user ? (await forUser(user, open)).map((entry) => entry.target) : [];
    },
    async admit(actor, target, request): Promise<void> {
      const user = await repo.userById(actor.userId);
      const entry = user && (await forUser(user, [target]))[0];
      if (!entry) throw new AppError(Code.forbidden, `your group holds no grant for partition ${target.partition.name}`);
      const { usable } = entry;
      if (usable.over_limit) throw new AppError(Code.forbidden, `the CPU-hours quota for partition ${usable.name} is used up`);
      if (usable.max_cpus !== null && request.cpus > usable.max_cpus)
        throw invalid('cpus', `your quota on partition ${usable.name} allows at most ${usable.max_cpus} CPUs per job`);
      if (usable.max_time_minutes !== null && request.timeLimitMinutes !== undefined && request.timeLimitMinutes > usable.max_time_minutes)
        throw invalid('time_limit_minutes', `your quota on partition ${usable.name} allows at most ${usable.max_time_minutes} minutes`);
    },
  };

  return {
    policy,
    /** Partitions this user may use now, with limits and usage. */
    usableFor: async (user: QuotaUser): Promise<UsablePartition[]> => (await forUser(user)).map((e) => e.usable),
    /** Partitions every member of this group may use (user quotas aside); null: users without a group. */
    async usableForGroup(groupId: number | null, groupName: string | null): Promise<UsablePartition[]> {
      return (await evaluate({ id: groupId, name: groupName }, null, await partitions.open())).map((e) => e.usable);
    },
    live,
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
