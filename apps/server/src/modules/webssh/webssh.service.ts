import { readFile } from 'node:fs/promises';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import { isPrivatePartition } from '@starlight/contract/hpc';
import type { PartitionWebSsh, PartitionWebSshInput } from '@starlight/contract/cluster-access';
import type { ShellSettings } from '../../drivers/shell/ssh-shell';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { NetworkPolicyService } from '../clusters/network-policy.service';
import type { WebSshFilter, WebSshRepo, WebSshRow } from './webssh.repo';

export interface WebSshDeps {
  repo: WebSshRepo;
  clusters: ClustersService;
  policies: Pick<NetworkPolicyService, 'allows'>;
  accountOf: (userId: number) => Promise<string | null>;
}

/** Everything a session needs, decided before the socket is upgraded. */
export interface ShellTarget {
  cluster: string;
  partition: string;
  account: string;
  settings: ShellSettings;
  idleSeconds: number;
  maxSeconds: number;
}

const toSetting = (row: WebSshRow): PartitionWebSsh => ({
  partition_id: row.partitionId,
  cluster_name: row.clusterName,
  partition: row.partition,
  enabled: row.enabled,
  host: row.host,
  port: row.port,
  host_key_sha256: row.hostKeySha256,
  idle_timeout_seconds: row.idleTimeoutSeconds,
  max_duration_seconds: row.maxDurationSeconds,
  updated_at: row.updatedAt.toISOString(),
});

const invalid = (field: string, message: string): AppError =>
  new AppError(Code.invalidInput, `${field}: ${message}`, { fields: [{ path: `body.${field}`, message }] });

/** The web shell of each partition (spec §3, §7 /kcluster/partition_webssh) and who may open one. */
export function createWebSshService({ repo, clusters, policies, accountOf }: WebSshDeps) {
  /** The cluster's login node and web shell key, or null when the cluster cannot offer a shell. */
  function shellSshOf(cluster: ClusterRow) {
    if (cluster.kind !== 'hpc' || cluster.driver !== 'slurm') return null;
    const ssh = clusters.settingsOf(cluster).ssh;
    return ssh?.shell_key_file ? { ...ssh, shell_key_file: ssh.shell_key_file } : null;
  }

  return {
    /** Administrators see every setting; other bound users the shells they could open. */
    async list(actor: Actor, filter: WebSshFilter, page: number, pageSize: number): Promise<List<PartitionWebSsh>> {
      const asAdmin = actor.permissions.includes('kcluster_clusters_admin');
      if (asAdmin) {
        const { rows, total } = await repo.page(filter, (page - 1) * pageSize, pageSize);
        return { list: rows.map(toSetting), total };
      }
      // few rows per platform: filter the private ones here rather than in SQL
      const { rows } = await repo.page({ ...filter, enabledOnly: true }, 0, 10_000);
      const visible = rows.filter((r) => !isPrivatePartition({ partition_type: r.partitionType, init_type: r.initType }));
      const start = (page - 1) * pageSize;
      return { list: visible.slice(start, start + pageSize).map(toSetting), total: visible.length };
    },

    async set(input: PartitionWebSshInput): Promise<PartitionWebSsh> {
      const partition = await clusters.partitionRow(input.partition_id);
      if (!partition) throw invalid('partition_id', 'no such partition');
      const cluster = await clusters.rowById(partition.clusterId);
      if (!cluster) throw invalid('partition_id', 'no such partition');
      if (cluster.kind !== 'hpc') throw invalid('partition_id', 'web shells are offered on HPC clusters only');
      if (input.enabled && !shellSshOf(cluster))
        throw invalid('enabled', `cluster ${cluster.name} has no SSH login node with a web shell key (settings.ssh.shell_key_file)`);
      await repo.upsert({
        partitionId: partition.id,
        enabled: input.enabled,
        host: input.host ?? null,
        port: input.host ? (input.port ?? 22) : null,
        hostKeySha256: input.host ? (input.host_key_sha256 ?? null) : null,
        idleTimeoutSeconds: input.idle_timeout_seconds,
        maxDurationSeconds: input.max_duration_seconds,
      });
      return toSetting((await repo.get(partition.id))!);
    },

    async remove(partitionId: number): Promise<void> {
      if (!(await repo.remove(partitionId))) throw notFound('web shell setting');
    },

    /**
     * May the actor open a shell on this partition from `ip`? Checked before the socket is upgraded:
     * an enabled setting, an enabled HPC cluster, a partition that is not private, a bound account, and
     * the user's network policy on the cluster (if any) admitting the address.
     */
    async target(actor: Actor, clusterName: string, partitionName: string, ip: string): Promise<ShellTarget> {
      const row = await repo.byName(clusterName, partitionName);
      if (!row || !row.enabled || !row.clusterEnabled) throw notFound('web shell');
      const asAdmin = actor.permissions.includes('kcluster_clusters_admin');
      if (!asAdmin && isPrivatePartition({ partition_type: row.partitionType, init_type: row.initType })) throw notFound('web shell');
      const account = await accountOf(actor.userId);
      if (!account) throw new AppError(Code.forbidden, 'bind a system account first: the shell runs as it');
      if (!(await policies.allows(row.clusterId, actor.userId, ip)))
        throw new AppError(Code.forbidden, `the network policy of cluster ${row.clusterName} does not admit your address`);
      const cluster = await clusters.rowById(row.clusterId);
      const ssh = cluster ? shellSshOf(cluster) : null;
      if (!ssh) throw new AppError(Code.upstreamDown, `cluster ${clusterName} has no web shell key configured`);
      let privateKey: string;
      try {
        privateKey = await readFile(ssh.shell_key_file, 'utf8');
      } catch {
        throw new AppError(Code.upstreamDown, `cluster ${clusterName}: the web shell key file cannot be read`);
      }
      return {
        cluster: row.clusterName,
        partition: row.partition,
        account,
        settings: {
          host: row.host ?? ssh.host,
          port: row.host ? (row.port ?? 22) : ssh.port,
          hostKeySha256: row.host ? row.hostKeySha256! : ssh.host_key_sha256,
          privateKey,
        },
        idleSeconds: row.idleTimeoutSeconds,
        maxSeconds: row.maxDurationSeconds,
      };
    },
  };
}

export type WebSshService = ReturnType<typeof createWebSshService>;
