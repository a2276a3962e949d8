import type { ClusterQuota, GroupQuota, UserQuota } from '@starlight/contract/quotas';
import type { ClustersService } from '../clusters/clusters.service';
import type { ClusterQuotaRow, GrantRow, QuotasRepo, UserQuotaRow } from './quotas.repo';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/** Rows → replies, with names and usage filled in (one lookup of clusters, partitions, groups per reply). */
export function createViews({ repo, clusters, now = () => new Date() }: { repo: QuotasRepo; clusters: ClustersService; now?: () => Date }) {
  const expired = (row: { expiresAt: Date | null }) => row.expiresAt !== null && row.expiresAt.getTime() <= now().getTime();

  async function context() {
    const [clusterRows, partitionRows, groupRows] = await Promise.all([clusters.allRows(), repo.partitionRows(), repo.allGroups()]);
    const clusterName = new Map(clusterRows.map((c) => [c.id, c.name]));
    const partitionId = new Map(partitionRows.map((p) => [`${p.clusterId}\u0000${p.name}`, p.id]));
    const groupName = new Map(groupRows.map((g) => [g.id, g.name]));
    return {
      cluster: (id: number) => clusterName.get(id) ?? '',
      partition: (clusterId: number, name: string) => partitionId.get(`${clusterId}\u0000${name}`) ?? null,
      group: (id: number | null) => (id === null ? null : (groupName.get(id) ?? null)),
    };
  }

  /** Bound accounts of a group (null: every bound user, for every-group grants). */
  async function accountsOf(groupId: number | null): Promise<string[]> {
    return (await repo.usersOf({ groupIds: groupId === null ? undefined : [groupId], boundOnly: true })).map((u) => u.systemAccount!);
  }

  type Context = Awaited<ReturnType<typeof context>>;

  /** Where a partition-level quota applies, by id and by name. */
  const partitionOf = (ctx: Context, row: { clusterId: number; partitionName: string }) => ({
    cluster_id: row.clusterId,
    cluster_name: ctx.cluster(row.clusterId),
    partition_id: ctx.partition(row.clusterId, row.partitionName),
    partition_name: row.partitionName,
  });

  /** Every quota's expiry and the core-seconds used since its usage window began. */
  const usageOf = (row: { expiresAt: Date | null; usageSince: Date }, used: number) => ({
    expires_at: iso(row.expiresAt),
    used_cpu_seconds: used,
    usage_since: row.usageSince.toISOString(),
    expired: expired(row),
  });

  return {
    async grants(rows: GrantRow[]): Promise<GroupQuota[]> {
      const ctx = await context();
      return Promise.all(
        rows.map(async (row) => {
          const used = await repo.coreSecondsUsed(row.clusterId, row.partitionName, await accountsOf(row.groupId), row.usageSince);
          return {
            id: row.id,
            ...partitionOf(ctx, row),
            group_id: row.groupId,
            group_name: ctx.group(row.groupId),
            max_cpus: row.maxCpus,
            max_time_minutes: row.maxTimeMinutes,
            cpu_seconds_limit: row.cpuSecondsLimit,
            ...usageOf(row, used),
            over_limit: row.cpuSecondsLimit !== null && used >= row.cpuSecondsLimit,
            created_at: row.createdAt.toISOString(),
            updated_at: row.updatedAt.toISOString(),
          };
        }),
      );
    },

    async userQuotas(rows: UserQuotaRow[]): Promise<UserQuota[]> {
      const ctx = await context();
      return Promise.all(
        rows.map(async (row) => {
          const user = await repo.userById(row.userId);
          const accounts = user?.systemAccount ? [user.systemAccount] : [];
          const used = await repo.coreSecondsUsed(row.clusterId, row.partitionName, accounts, row.usageSince);
          return {
            id: row.id,
            ...partitionOf(ctx, row),
            user_id: row.userId,
            user_name: user?.userName ?? '',
            group_id: user?.groupId ?? null,
            group_name: user?.groupName ?? null,
            allowed: row.allowed,
            max_cpus: row.maxCpus,
            max_time_minutes: row.maxTimeMinutes,
            cpu_seconds_limit: row.cpuSecondsLimit,
            ...usageOf(row, used),
            over_limit: row.cpuSecondsLimit !== null && used >= row.cpuSecondsLimit,
            updated_at: row.updatedAt.toISOString(),
          };
        }),
      );
    },

    async clusterQuotas(rows: ClusterQuotaRow[]): Promise<ClusterQuota[]> {
      const ctx = await context();
      return Promise.all(
        rows.map(async (row) => {
          const user = row.userId === null ? undefined : await repo.userById(row.userId);
          const accounts = row.userId === null ? await accountsOf(row.groupId) : user?.systemAccount ? [user.systemAccount] : [];
          const used = await repo.coreSecondsUsed(row.clusterId, null, accounts, row.usageSince);
          return {
            id: row.id,
            cluster_id: row.clusterId,
            cluster_name: ctx.cluster(row.clusterId),
            subject: row.userId === null ? ('group' as const) : ('user' as const),
            user_id: row.userId,
            user_name: user?.userName ?? null,
            group_id: row.userId === null ? row.groupId : (user?.groupId ?? null),
            group_name: row.userId === null ? ctx.group(row.groupId) : (user?.groupName ?? null),
            cpu_seconds_limit: row.cpuSecondsLimit,
            max_cpus: row.maxCpus,
            ...usageOf(row, used),
            over_limit: expired(row) || (row.cpuSecondsLimit !== null && used >= row.cpuSecondsLimit),
            updated_at: row.updatedAt.toISOString(),
          };
        }),
      );
    },
  };
}

export type Views = ReturnType<typeof createViews>;
