import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { ClusterQuota, ClusterQuotaInput, ClusterQuotaListQuery, ClusterQuotaPatchInput, ClusterUser } from '@starlight/contract/quotas';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { ClustersService } from '../clusters/clusters.service';
import type { AccessService } from './access.service';
import type { ClusterQuotaRow, QuotaUser, QuotasRepo } from './quotas.repo';
import type { QuotaNotices } from './quota-notices';
import { adminReadKeys, adminWriteKeys, holdsAny, invalidField, type Scope } from './scope';
import type { Views } from './views';

export interface ClusterQuotasDeps {
  repo: QuotasRepo;
  clusters: ClustersService;
  access: AccessService;
  views: Views;
  scope: Scope;
  notices?: QuotaNotices;
  now?: () => Date;
}

const gadminKey = 'query_kcluster_quotas_gadmin' as const;

const columns = (input: ClusterQuotaPatchInput | ClusterQuotaInput, now: Date) => ({
  ...(input.cpu_seconds_limit !== undefined ? { cpuSecondsLimit: input.cpu_seconds_limit } : {}),
  ...(input.max_cpus !== undefined ? { maxCpus: input.max_cpus } : {}),
  ...(input.expires_at !== undefined ? { expiresAt: input.expires_at === null ? null : new Date(input.expires_at) } : {}),
  ...('reset_usage' in input && input.reset_usage ? { usageSince: now } : {}),
});

/**
 * Cluster quotas (HPC, spec §3): CPU time (and CPUs per job) one user or one group may use on a whole
 * cluster. Admins set any; a group administrator sets their members' (never their group's own), at
 * most the group's own limit. Reaching one refuses submits on that cluster (1403).
 */
export function createClusterQuotasService({ repo, clusters, access, views, scope, notices, now = () => new Date() }: ClusterQuotasDeps) {
  /** The quota's user, or its group's members, are told. */
  async function tell(row: ClusterQuotaRow): Promise<void> {
    const where = (await clusters.rowById(row.clusterId))?.name ?? String(row.clusterId);
    if (row.userId !== null) await notices?.users([row.userId], { where, what: 'cluster_quota' });
    else if (row.groupId !== null) await notices?.group(row.groupId, { where, what: 'cluster_quota' });
  }

  async function assertMayWrite(actor: Actor, row: Pick<ClusterQuotaRow, 'clusterId' | 'userId' | 'groupId'>, input: ClusterQuotaPatchInput): Promise<void> {
    if (holdsAny(actor, adminWriteKeys)) return;
    const user = row.userId === null ? undefined : await repo.userById(row.userId);
    if (!user || user.groupId === null || !(await scope.managedGroups(actor, gadminKey)).includes(user.groupId)) throw forbidden();
    const groupQuota = await repo.clusterQuotaFor(row.clusterId, { groupId: user.groupId });
    // null: no limit of the member's own; the group's quota still counts the whole group
    const cap = (value: number | null | undefined, limit: number | null | undefined) => limit != null && value != null && value > limit;
    if (cap(input.cpu_seconds_limit, groupQuota?.cpuSecondsLimit))
      throw invalidField('body.cpu_seconds_limit', `the group's cluster quota allows at most ${groupQuota!.cpuSecondsLimit} core-seconds`);
    if (cap(input.max_cpus, groupQuota?.maxCpus)) throw invalidField('body.max_cpus', `the group's cluster quota allows at most ${groupQuota!.maxCpus} CPUs`);
  }

  async function clusterNamed(name: string) {
    const cluster = await clusters.rowByName(name);
    if (!cluster) throw new AppError(Code.notFound, `cluster ${name} not found`, { fields: [{ path: 'body.cluster_name', message: 'no such cluster' }] });
    if (cluster.kind !== 'hpc') throw invalidField('body.cluster_name', `${name} is not an HPC cluster`);
    return cluster;
  }

  const ofUsers = async (users: QuotaUser[]) => {
    const ids = new Set(users.map((u) => u.id));
    const groupIds = new Set(users.map((u) => u.groupId));
    return (await repo.allClusterQuotas()).filter((q) => (q.userId !== null ? ids.has(q.userId) : groupIds.has(q.groupId)));
  };

  return {
    /** POST /kcluster/cluster_quota: set (create or replace) one user's or one group's quota on a cluster. */
    async upsert(actor: Actor, input: ClusterQuotaInput): Promise<ClusterQuota> {
      const cluster = await clusterNamed(input.cluster_name);
      let subject: { userId: number } | { groupId: number };
      if (input.user_name !== undefined) {
        const user = await repo.userByName(input.user_name);
        if (!user) throw new AppError(Code.notFound, 'user not found', { fields: [{ path: 'body.user_name', message: 'no such user' }] });
        subject = { userId: user.id };
      } else {
        if (!holdsAny(actor, adminWriteKeys)) throw forbidden();
        const group = await repo.groupByName(input.group_name!);
        if (!group) throw new AppError(Code.notFound, 'group not found', { fields: [{ path: 'body.group_name', message: 'no such group' }] });
        subject = { groupId: group.id };
      }
      const held = await repo.clusterQuotaFor(cluster.id, subject);
      await assertMayWrite(actor, { clusterId: cluster.id, userId: 'userId' in subject ? subject.userId : null, groupId: 'groupId' in subject ? subject.groupId : null }, input);
      const row = held
        ? await repo.updateClusterQuota(held.id, columns(input, now()))
        : await repo.insertClusterQuota({ clusterId: cluster.id, ...('userId' in subject ? { userId: subject.userId } : { groupId: subject.groupId }), usageSince: now(), ...columns(input, now()) });
      if (!row) throw new AppError(Code.conflict, 'that quota was written meanwhile; try again');
      await tell(row);
      return (await views.clusterQuotas([row]))[0]!;
    },

    async patch(actor: Actor, id: number, input: ClusterQuotaPatchInput): Promise<ClusterQuota> {
      const held = await repo.clusterQuota(id);
      if (!held) throw notFound('cluster quota');
      await assertMayWrite(actor, held, input);
      const row = await repo.updateClusterQuota(id, columns(input, now()));
      if (!row) throw notFound('cluster quota');
      await tell(row);
      return (await views.clusterQuotas([row]))[0]!;
    },

    /** /clusterQuotas/user: mine and my group's. */
    async mine(actor: Actor): Promise<ClusterQuota[]> {
      return views.clusterQuotas(await ofUsers([await scope.me(actor)]));
    },

    /** /clusterQuotas/gadmin: the groups I administer and their members. */
    async groupAdmin(actor: Actor): Promise<ClusterQuota[]> {
      const groupIds = await scope.managedGroups(actor, gadminKey);
      const members = await repo.usersOf({ groupIds });
      const rows = (await repo.allClusterQuotas()).filter(
        (q) => (q.groupId !== null && groupIds.includes(q.groupId)) || (q.userId !== null && members.some((m) => m.id === q.userId)),
      );
      return views.clusterQuotas(rows);
    },

    async ofUser(actor: Actor, userId: number): Promise<ClusterQuota[]> {
      const user = await scope.userWithId(userId);
      await scope.assertMayRead(actor, user, adminReadKeys, gadminKey);
      return views.clusterQuotas((await repo.allClusterQuotas()).filter((q) => q.userId === user.id));
    },

    async ofGroup(actor: Actor, groupId: number): Promise<ClusterQuota[]> {
      if (!(await repo.groupById(groupId))) throw notFound('group');
      await scope.assertMayReadGroup(actor, groupId, adminReadKeys, gadminKey);
      return views.clusterQuotas((await repo.allClusterQuotas()).filter((q) => q.groupId === groupId));
    },

    /** /clusterQuotas/spec/user: every user's cluster quota (Admin family), paged. */
    async allUsers(query: ClusterQuotaListQuery): Promise<List<ClusterQuota>> {
      const needle = query.field_lk_user_name?.toLowerCase();
      const all = (await views.clusterQuotas((await repo.allClusterQuotas()).filter((q) => q.userId !== null))).filter(
        (q) => (!query.field_eq_cluster_name || q.cluster_name === query.field_eq_cluster_name) && (!needle || (q.user_name ?? '').toLowerCase().includes(needle)),
      );
      return { list: all.slice((query.page - 1) * query.page_size, query.page * query.page_size), total: all.length };
    },

    /** /hpc/cluster/allusers/{id}: who may use cluster {id} (admins: everyone; group admins: their members), with quotas. */
    async clusterUsers(actor: Actor, clusterId: number): Promise<ClusterUser[]> {
      const cluster = await clusters.rowById(clusterId);
      if (!cluster) throw notFound('cluster');
      const everyone = holdsAny(actor, adminReadKeys);
      const users = await repo.usersOf({ groupIds: everyone ? undefined : await scope.managedGroups(actor, gadminKey) });
      const quotas = await views.clusterQuotas((await repo.allClusterQuotas()).filter((q) => q.clusterId === clusterId && q.userId !== null));
      const result: ClusterUser[] = [];
      for (const user of users) {
        const partitions = (await access.usableFor(user)).filter((p) => p.cluster_id === clusterId).map((p) => p.name);
        const quota = quotas.find((q) => q.user_id === user.id) ?? null;
        if (partitions.length === 0 && !quota) continue;
        result.push({ user_id: user.id, user_name: user.userName, group_name: user.groupName, system_account: user.systemAccount, partitions, quota });
      }
      return result;
    },
  };
}

export type ClusterQuotasService = ReturnType<typeof createClusterQuotasService>;
