import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import {
  isPrivatePartition,
  type AvailableCluster,
  type AvailablePartition,
  type Partition,
  type PartitionCreateInput,
  type PartitionListQuery,
  type PartitionPatchInput,
  type PartitionStatus,
} from '@starlight/contract/hpc';
import type { SchedulerPartition } from '../../drivers/scheduler/interface';
import type { Actor } from '../../lib/actor';
import { createOutageLog } from '../../lib/outage-log';
import { AppError, notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersRepo, PartitionRow } from './clusters.repo';
import type { ClustersService } from './clusters.service';

/** How long one look at a scheduler's partitions serves every list (they change when admins reconfigure). */
const liveTtlMs = 30_000;
const admin = { kind: 'admin' } as const;

interface Live {
  at: number;
  partitions: Promise<SchedulerPartition[]>;
}

/** A partition someone could be given, with its cluster's row. */
export interface UsableTarget {
  partition: Partition;
  cluster: ClusterRow;
}

/**
 * Who may use which partition, decided elsewhere (the quotas module's grants). Without one, every bound
 * user may use every non-private partition (the service on its own, in unit tests).
 */
export interface PartitionAccessPolicy {
  /** The targets of `open` this actor may use. */
  usableBy(actor: Actor, open: UsableTarget[]): Promise<UsableTarget[]>;
  /** Throws (1403, or 1400 naming the field) when this submit is outside the actor's limits. */
  admit(actor: Actor, target: UsableTarget, request: { cpus: number; timeLimitMinutes?: number }): Promise<void>;
}

export interface PartitionsDeps {
  repo: ClustersRepo;
  clusters: ClustersService;
  log?: (error: unknown, context: string) => void;
  /** Lines that are not failures (a scheduler answering again after an outage). */
  notice?: (message: string) => void;
  now?: () => number;
}

/**
 * Partitions = what the live scheduler shows, merged with what administrators wrote about them
 * (description, partition_type, init_type). A scheduler that does not answer leaves its partitions
 * listed from the database with the live fields null, rather than failing the whole list.
 */
export function createPartitionsService({ repo, clusters, log = () => undefined, notice, now = Date.now }: PartitionsDeps) {
  const live = new Map<number, Live>();
  // a scheduler that does not answer is logged once per outage, not on every list that asks
  const outages = createOutageLog(log, notice);
  const listing = (cluster: ClusterRow) => `listing the partitions of cluster ${cluster.name}`;

  function liveOf(cluster: ClusterRow): Promise<SchedulerPartition[]> {
    const cached = live.get(cluster.id);
    if (cached && now() - cached.at < liveTtlMs) return cached.partitions;
    const partitions = clusters.scheduler(cluster).then(async (driver) => {
      const found = await driver.listPartitions(admin);
      await repo.markDiscovered(cluster.id, found.map((p) => p.name));
      return found;
    });
    live.set(cluster.id, { at: now(), partitions });
    partitions.catch(() => live.delete(cluster.id));
    return partitions;
  }

  async function merged(rows: ClusterRow[]): Promise<Partition[]> {
    const looks = await Promise.all(
      rows.map((cluster) =>
        cluster.kind !== 'hpc'
          ? Promise.resolve([])
          : liveOf(cluster).then(
              (found) => {
                outages.succeeded(String(cluster.id), listing(cluster));
                return found;
              },
              (error: unknown) => {
                outages.failed(String(cluster.id), error, listing(cluster));
                return [] as SchedulerPartition[];
              },
            ),
      ),
    );
    const byCluster = new Map(rows.map((cluster, i) => [cluster.id, { cluster, live: looks[i] ?? [] }]));
    const stored = await repo.partitionsOf(rows.map((c) => c.id));
    return stored.map((row) => {
      const entry = byCluster.get(row.clusterId)!;
      return toPartition(row, entry.cluster, entry.live.find((p) => p.name === row.name));
    });
  }

  async function clusterRow(id: number): Promise<ClusterRow> {
    const row = await clusters.rowById(id);
    if (!row) throw notFound('cluster');
    return row;
  }

  async function partitionOf(id: number): Promise<{ row: PartitionRow; cluster: ClusterRow }> {
    const row = await repo.partition(id);
    if (!row) throw notFound('partition');
    return { row, cluster: await clusterRow(row.clusterId) };
  }

  const available = async (): Promise<Partition[]> =>
    (await merged(await clusters.enabledHpcRows())).filter((p) => p.discovered && !isPrivatePartition(p));

  let policy: PartitionAccessPolicy | null = null;
  async function open(): Promise<UsableTarget[]> {
    const rows = await clusters.enabledHpcRows();
    const list = await available();
    return list.map((partition) => ({ partition, cluster: rows.find((c) => c.id === partition.cluster_id)! }));
  }
  const usableBy = async (actor: Actor | undefined): Promise<UsableTarget[]> => (policy && actor ? policy.usableBy(actor, await open()) : open());

  return {
    async list(query: PartitionListQuery): Promise<List<Partition>> {
      const rows = (await clusters.allRows()).filter((c) => !query.field_eq_cluster_name || c.name === query.field_eq_cluster_name);
      const needle = query.field_lk_name?.toLowerCase();
      const all = (await merged(rows)).filter((p) => !needle || p.name.toLowerCase().includes(needle));
      const start = (query.page - 1) * query.page_size;
      return { list: all.slice(start, start + query.page_size), total: all.length };
    },

    async get(id: number): Promise<Partition> {
      const { row, cluster } = await partitionOf(id);
      return (await merged([cluster])).find((p) => p.id === row.id) ?? toPartition(row, cluster, undefined);
    },

    /** Describes a partition ahead of (or apart from) discovery. */
    async create(input: PartitionCreateInput): Promise<Partition> {
      const cluster = await clusterRow(input.cluster_id);
      const row = await repo.insertPartition({
        clusterId: cluster.id,
        name: input.name,
        description: input.description,
        partitionType: input.partition_type,
        initType: input.init_type,
      });
      if (!row) throw new AppError(Code.conflict, `cluster ${cluster.name} already has a partition ${input.name}`);
      return this.get(row.id);
    },

    async update(id: number, patch: PartitionPatchInput): Promise<Partition> {
      await partitionOf(id);
      await repo.updatePartition(id, { description: patch.description, partitionType: patch.partition_type, initType: patch.init_type });
      return this.get(id);
    },

    /** Forgets the description; a partition the scheduler still has comes back, undescribed, at the next look. */
    async remove(id: number): Promise<void> {
      const { cluster } = await partitionOf(id);
      if (!(await repo.removePartition(id))) throw notFound('partition');
      live.delete(cluster.id);
    },

    /** Live from the scheduler (spec §7 GET /kcluster/hpc/partition/status/{a}/{b}); private ones only for admins. */
    async status(clusterName: string, partitionName: string, asAdmin: boolean): Promise<PartitionStatus> {
      const cluster = await clusters.rowByName(clusterName);
      if (!cluster || (!asAdmin && !cluster.enabled)) throw notFound('cluster');
      // a user learns nothing of private partitions; an administrator hears why a scheduler cannot answer
      if (!asAdmin && !(await available()).some((p) => p.cluster_id === cluster.id && p.name === partitionName)) throw notFound('partition');
      const driver = await clusters.scheduler(cluster);
      const [partitions, nodes] = await Promise.all([driver.listPartitions(admin), driver.listNodes(admin)]);
      const partition = partitions.find((p) => p.name === partitionName);
      if (!partition) throw notFound('partition');
      const members = nodes.filter((n) => n.partitions.includes(partitionName));
      return {
        cluster_name: cluster.name,
        partition: partition.name,
        state: partition.state,
        total_cpus: partition.totalCpus,
        total_nodes: partition.totalNodes,
        alloc_cpus: members.reduce((sum, n) => sum + n.cpusAlloc, 0),
        max_time_minutes: partition.maxTimeMinutes,
        nodes: members.map((n) => ({ name: n.name, state: n.state, cpus_total: n.cpusTotal, cpus_alloc: n.cpusAlloc })),
      };
    },

    /** Hands availability to the quotas module's grants (app.ts, once, before the first request). */
    useAccessPolicy(next: PartitionAccessPolicy): void {
      policy = next;
    },

    /** Spec §5: enabled clusters' discovered partitions, private ones left out; with a policy, the actor's grants. */
    async availablePartitions(actor?: Actor): Promise<AvailablePartition[]> {
      return (await usableBy(actor)).map(({ partition: p }) => ({
        id: p.id,
        cluster_id: p.cluster_id,
        cluster_name: p.cluster_name,
        name: p.name,
        description: p.description,
        partition_type: p.partition_type,
        init_type: p.init_type,
        max_time_minutes: p.max_time_minutes,
        is_default: p.is_default,
      }));
    },

    /** Enabled clusters; with a policy, an HPC cluster only when the actor may use one of its partitions. */
    async availableClusters(actor?: Actor): Promise<AvailableCluster[]> {
      const usableIds = policy && actor ? new Set((await usableBy(actor)).map((u) => u.cluster.id)) : null;
      return (await clusters.allRows())
        .filter((c) => c.enabled && (c.kind !== 'hpc' || !usableIds || usableIds.has(c.id)))
        .map((c) => ({ id: c.id, name: c.name, kind: c.kind, driver: c.driver }));
    },

    /** For the jobs module: the partitions a bound user may submit to, with their clusters' rows. */
    usable: (actor?: Actor): Promise<UsableTarget[]> => usableBy(actor),

    /** Every non-private partition of the enabled HPC clusters, before any grant (the quotas module decides from these). */
    open,

    /** The policy's limits for one submit (nothing without a policy). */
    async admit(actor: Actor, target: UsableTarget, request: { cpus: number; timeLimitMinutes?: number }): Promise<void> {
      if (policy) await policy.admit(actor, target, request);
    },

    /** Partitions of a cluster by name, private or not (submit tells "unknown" from "not yours"). */
    async known(cluster: ClusterRow): Promise<Partition[]> {
      return merged([cluster]);
    },
  };
}

function toPartition(row: PartitionRow, cluster: ClusterRow, live: SchedulerPartition | undefined): Partition {
  return {
    id: row.id,
    cluster_id: cluster.id,
    cluster_name: cluster.name,
    name: row.name,
    description: row.description,
    partition_type: row.partitionType,
    init_type: row.initType,
    discovered: row.discovered,
    state: live?.state ?? null,
    total_cpus: live?.totalCpus ?? null,
    total_nodes: live?.totalNodes ?? null,
    max_time_minutes: live?.maxTimeMinutes ?? null,
    is_default: live?.isDefault ?? false,
  };
}

export type PartitionsService = ReturnType<typeof createPartitionsService>;
