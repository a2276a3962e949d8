import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type {
  GroupQuota,
  GroupQuotaChange,
  GroupQuotaCreateInput,
  GroupQuotaListQuery,
  GroupQuotaPatchInput,
  HpcGrantInput,
  PartitionQuotaDeleteInput,
  PartitionQuotaInput,
  QuotaLimitsInput,
} from '@starlight/contract/quotas';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { PartitionsService } from '../clusters/partitions.service';
import type { GrantRow, QuotasRepo } from './quotas.repo';
import { invalidField, type Scope } from './scope';
import type { SlurmSync } from './slurm-sync.service';
import type { QuotaNotices } from './quota-notices';
import type { Views } from './views';

const hpcFields = { cluster: 'params.a', partition: 'params.b' };

export interface GrantsDeps {
  repo: QuotasRepo;
  clusters: ClustersService;
  partitions: PartitionsService;
  views: Views;
  scope: Scope;
  sync: SlurmSync;
  notices?: QuotaNotices;
  now?: () => Date;
}

/** Stored columns of the limit fields present in the input (absent: unchanged; null: no limit). */
export function limitColumns(input: QuotaLimitsInput) {
  return {
    ...(input.max_cpus !== undefined ? { maxCpus: input.max_cpus } : {}),
    ...(input.max_time_minutes !== undefined ? { maxTimeMinutes: input.max_time_minutes } : {}),
    ...(input.cpu_seconds_limit !== undefined ? { cpuSecondsLimit: input.cpu_seconds_limit } : {}),
    ...(input.expires_at !== undefined ? { expiresAt: input.expires_at === null ? null : new Date(input.expires_at) } : {}),
  };
}

const page = <T>(all: T[], query: { page: number; page_size: number }): List<T> => ({
  list: all.slice((query.page - 1) * query.page_size, query.page * query.page_size),
  total: all.length,
});

/**
 * Group quotas = partition grants (spec §3, §7): which group (or every group) may use which partition,
 * within which limits, until when. Changing one re-syncs the Slurm associations of the users it reaches.
 */
export function createGrantsService({ repo, clusters, partitions, views, scope, sync, notices, now = () => new Date() }: GrantsDeps) {
  /** A partition the scheduler has (discovered), by its row id; 1404 otherwise. */
  async function partitionById(id: number, field = 'params.id'): Promise<{ cluster: ClusterRow; name: string }> {
    const row = await repo.partitionRow(id);
    const cluster = row && (await clusters.rowById(row.clusterId));
    if (!row || !cluster) throw new AppError(Code.notFound, 'partition not found', { fields: [{ path: field, message: 'no such partition' }] });
    return { cluster, name: row.name };
  }

  async function partitionByNames(
    clusterName: string,
    partitionName: string,
    fields = { cluster: 'body.cluster_name', partition: 'body.partition_name' },
  ): Promise<{ cluster: ClusterRow; name: string }> {
    const cluster = await clusters.rowByName(clusterName);
    if (!cluster) throw new AppError(Code.notFound, `cluster ${clusterName} not found`, { fields: [{ path: fields.cluster, message: 'no such cluster' }] });
    if (cluster.kind !== 'hpc') throw invalidField(fields.cluster, `${clusterName} is not an HPC cluster`);
    const known = await partitions.known(cluster).catch(() => []);
    if (!known.some((p) => p.name === partitionName))
      throw new AppError(Code.notFound, `cluster ${clusterName} has no partition ${partitionName}`, { fields: [{ path: fields.partition, message: 'no such partition' }] });
    return { cluster, name: partitionName };
  }

  /** 0 and null name the every-group grant; another id must be a group (1404 naming the field). */
  async function groupOf(groupId: number | null, field: string): Promise<number | null> {
    if (groupId === null || groupId === 0) return null;
    if (!(await repo.groupById(groupId))) throw new AppError(Code.notFound, 'group not found', { fields: [{ path: field, message: 'no such group' }] });
    return groupId;
  }

  async function groupNamed(name: string | null): Promise<number | null> {
    if (name === null) return null;
    const group = await repo.groupByName(name);
    if (!group) throw new AppError(Code.notFound, `group ${name} not found`, { fields: [{ path: 'body.group_name', message: 'no such group' }] });
    return group.id;
  }

  /** After a grant changed: the cluster enforces it, and the users it reaches are told. */
  async function changed(row: GrantRow | null, groupId: number | null, where: { clusterId: number; partition: string }): Promise<GroupQuotaChange> {
    const warnings = await sync.syncGroup(groupId);
    const clusterName = (await clusters.rowById(where.clusterId))?.name ?? String(where.clusterId);
    await notices?.group(groupId, { where: `${clusterName}/${where.partition}`, what: row ? 'grant' : 'grant_revoked' });
    return { quota: row ? (await views.grants([row]))[0]! : null, warnings };
  }

  async function grant(cluster: ClusterRow, partition: string, groupId: number | null, limits: QuotaLimitsInput, replace: boolean): Promise<GroupQuotaChange> {
    const held = await repo.grantFor(cluster.id, partition, groupId);
    if (held && !replace) throw new AppError(Code.conflict, `that group already holds a grant for partition ${partition}; change it instead`);
    const row = held
      ? await repo.updateGrant(held.id, limitColumns(limits))
      : await repo.insertGrant({ clusterId: cluster.id, partitionName: partition, groupId, ...limitColumns(limits), usageSince: now() });
    if (!row) throw new AppError(Code.conflict, `that group already holds a grant for partition ${partition}`);
    return changed(row, groupId, { clusterId: cluster.id, partition });
  }

  async function revoke(cluster: ClusterRow, partition: string, groupId: number | null): Promise<GroupQuotaChange> {
    const held = await repo.grantFor(cluster.id, partition, groupId);
    if (!held) throw notFound('grant');
    await repo.deleteGrant(held.id);
    return changed(null, groupId, { clusterId: cluster.id, partition });
  }

  async function filtered(rows: GrantRow[], query: GroupQuotaListQuery): Promise<List<GroupQuota>> {
    const all = await views.grants(rows);
    return page(
      all.filter(
        (g) =>
          (!query.field_eq_cluster_name || g.cluster_name === query.field_eq_cluster_name) &&
          (!query.field_eq_partition_name || g.partition_name === query.field_eq_partition_name) &&
          (query.field_eq_group_id === undefined || (g.group_id ?? 0) === query.field_eq_group_id),
      ),
      query,
    );
  }

  return {
    /** GET /kcluster/partitions/groupquotasAdmin: every grant. */
    listAll: async (query: GroupQuotaListQuery) => filtered(await repo.allGrants(), query),

    /** GET /kcluster/partitions/groupquotas: the grants reaching the caller's group (its own and every-group ones). */
    async listMine(actor: Actor, query: GroupQuotaListQuery): Promise<List<GroupQuota>> {
      const me = await scope.me(actor);
      return filtered(await repo.grantsReaching(me.groupId), query);
    },

    /** GET /kcluster/hpc/partitions/groups/available/{id}: the grants (groups) of partition {id}. */
    async ofPartition(partitionId: number): Promise<GroupQuota[]> {
      const { cluster, name } = await partitionById(partitionId);
      return views.grants((await repo.allGrants()).filter((g) => g.clusterId === cluster.id && g.partitionName === name));
    },

    async create(input: GroupQuotaCreateInput): Promise<GroupQuotaChange> {
      const { cluster, name } = await partitionById(input.partition_id, 'body.partition_id');
      return grant(cluster, name, await groupOf(input.group_id, 'body.group_id'), input, false);
    },

    async patch(id: number, input: GroupQuotaPatchInput): Promise<GroupQuotaChange> {
      const held = await repo.grant(id);
      if (!held) throw notFound('group quota');
      const row = await repo.updateGrant(id, { ...limitColumns(input), ...(input.reset_usage ? { usageSince: now() } : {}) });
      if (!row) throw notFound('group quota');
      return changed(row, row.groupId, { clusterId: row.clusterId, partition: row.partitionName });
    },

    async revokeById(partitionId: number, groupId: number): Promise<GroupQuotaChange> {
      const { cluster, name } = await partitionById(partitionId);
      return revoke(cluster, name, await groupOf(groupId, 'params.gid'));
    },

    /** POST /kcluster/partition_quota: grant or replace, by names. */
    async upsertByNames(input: PartitionQuotaInput): Promise<GroupQuotaChange> {
      const { cluster, name } = await partitionByNames(input.cluster_name, input.partition_name);
      return grant(cluster, name, await groupNamed(input.group_name), input, true);
    },

    /** PATCH /kcluster/hpc/partition: change an existing grant, by names. */
    async patchByNames(input: PartitionQuotaInput): Promise<GroupQuotaChange> {
      const { cluster, name } = await partitionByNames(input.cluster_name, input.partition_name);
      const groupId = await groupNamed(input.group_name);
      if (!(await repo.grantFor(cluster.id, name, groupId))) throw notFound('grant');
      return grant(cluster, name, groupId, input, true);
    },

    async revokeByNames(input: PartitionQuotaDeleteInput): Promise<GroupQuotaChange> {
      const { cluster, name } = await partitionByNames(input.cluster_name, input.partition_name);
      return revoke(cluster, name, await groupNamed(input.group_name));
    },

    /** POST /kcluster/hpc/partitions/{cluster}/{partition}: grant or replace for body.group_id. */
    async hpcGrant(clusterName: string, partitionName: string, input: HpcGrantInput): Promise<GroupQuotaChange> {
      const { cluster, name } = await partitionByNames(clusterName, partitionName, hpcFields);
      return grant(cluster, name, await groupOf(input.group_id, 'body.group_id'), input, true);
    },

    async hpcRevoke(clusterName: string, partitionName: string, groupId: number): Promise<GroupQuotaChange> {
      const { cluster, name } = await partitionByNames(clusterName, partitionName, hpcFields);
      return revoke(cluster, name, await groupOf(groupId, 'query.group_id'));
    },

    /** A fresh install: the embedded default cluster's partition is granted to every group. */
    async grantEveryGroup(cluster: ClusterRow, partition: string): Promise<void> {
      if (!(await repo.grantFor(cluster.id, partition, null))) await repo.insertGrant({ clusterId: cluster.id, partitionName: partition, groupId: null, usageSince: now() });
    },

    partitionById,
    partitionByNames,
  };
}

export type GrantsService = ReturnType<typeof createGrantsService>;
