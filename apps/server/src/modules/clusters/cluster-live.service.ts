import { Code } from '@starlight/contract/codes';
import type { ClusterNode, ClusterStatus } from '@starlight/contract/cluster-access';
import type { PartitionStatus } from '@starlight/contract/hpc';
import type { SchedulerNode } from '../../drivers/scheduler/interface';
import { AppError, notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from './clusters.service';
import type { PartitionsService } from './partitions.service';

const admin = { kind: 'admin' } as const;
const notReadyStates = new Set(['down', 'drained', 'draining', 'fail', 'failing', 'future', 'unknown', 'power_down', 'powered_down']);
const notReadyFlags = new Set(['DRAIN', 'DRAINING', 'DRAINED', 'NOT_RESPONDING', 'FAIL', 'POWERED_DOWN', 'POWER_DOWN']);

export const isNodeReady = (node: Pick<SchedulerNode, 'state' | 'stateFlags'>): boolean =>
  !notReadyStates.has(node.state.toLowerCase()) && !node.stateFlags.some((f) => notReadyFlags.has(f.toUpperCase()));

const toNode = (n: SchedulerNode): ClusterNode => ({
  name: n.name,
  state: n.state,
  state_flags: n.stateFlags,
  ready: isNodeReady(n),
  cpus_total: n.cpusTotal,
  cpus_alloc: n.cpusAlloc,
  memory_total_mb: n.memoryTotalMb,
  memory_alloc_mb: n.memoryAllocMb,
  partitions: n.partitions,
});

const infoOf = (error: unknown): string => (error instanceof AppError ? error.message : 'the scheduler did not answer (see the server log)');

/**
 * Live views of a cluster for administrators (/cluster-partition/platform, /k-node) and the spec's k8s
 * calls. An HPC cluster answers from its scheduler; a k8s cluster from its Kubernetes driver, which does
 * not exist yet and says so (1502), so nothing here is ever made up.
 */
export function createClusterLiveService({
  clusters,
  partitions,
  log = () => undefined,
}: {
  clusters: ClustersService;
  partitions: PartitionsService;
  log?: (error: unknown, context: string) => void;
}) {
  async function byId(id: number): Promise<ClusterRow> {
    const row = await clusters.rowById(id);
    if (!row) throw notFound('cluster');
    return row;
  }
  async function byName(name: string, asAdmin: boolean): Promise<ClusterRow> {
    const row = await clusters.rowByName(name);
    if (!row || (!asAdmin && !row.enabled)) throw notFound('cluster');
    return row;
  }
  async function nodesOf(cluster: ClusterRow): Promise<ClusterNode[]> {
    if (cluster.kind === 'k8s') {
      const nodes = await clusters.kubernetes(cluster).listNodes();
      return nodes.map((n) => ({
        name: n.name,
        state: n.ready ? 'ready' : 'not_ready',
        state_flags: [],
        ready: n.ready,
        cpus_total: Math.floor(n.cpuMillicores / 1000),
        cpus_alloc: Math.ceil((n.cpuMillicoresAllocated ?? 0) / 1000),
        memory_total_mb: n.memoryMb,
        memory_alloc_mb: n.memoryMbAllocated ?? null,
        partitions: [],
      }));
    }
    return (await (await clusters.scheduler(cluster)).listNodes(admin)).map(toNode);
  }

  return {
    nodes: async (id: number): Promise<ClusterNode[]> => nodesOf(await byId(id)),
    readyNodes: async (id: number): Promise<ClusterNode[]> => (await nodesOf(await byId(id))).filter((n) => n.ready),

    /** Never throws for a cluster that does not answer: the list page shows why instead. */
    async status(id: number): Promise<ClusterStatus> {
      const cluster = await byId(id);
      const base = { id: cluster.id, name: cluster.name, partitions: 0, nodes_total: 0, nodes_ready: 0, cpus_total: 0, cpus_alloc: 0 };
      try {
        const nodes = await nodesOf(cluster);
        const parts = cluster.kind === 'hpc' ? await (await clusters.scheduler(cluster)).listPartitions(admin) : [];
        return {
          ...base,
          state: 'up',
          message: null,
          partitions: parts.length,
          nodes_total: nodes.length,
          nodes_ready: nodes.filter((n) => n.ready).length,
          cpus_total: nodes.reduce((sum, n) => sum + n.cpus_total, 0),
          cpus_alloc: nodes.reduce((sum, n) => sum + n.cpus_alloc, 0),
        };
      } catch (error) {
        log(error, `status of cluster ${cluster.name}`);
        const unconfigured = cluster.kind === 'k8s' && !clusters.settingsOf(cluster).engine_socket;
        return { ...base, state: unconfigured ? 'unsupported' : 'down', message: infoOf(error) };
      }
    },

    /** GET /kcluster/k8s/active/Users: the union over enabled k8s clusters (none registered: nobody). */
    async activeUsers(): Promise<string[]> {
      const k8s = (await clusters.allRows()).filter((c) => c.enabled && c.kind === 'k8s');
      const lists = await Promise.all(k8s.map((c) => clusters.kubernetes(c).activeUsers()));
      return [...new Set(lists.flat())].sort();
    },

    /** GET /kcluster/k8s/partition/status/{a}/{b}: a k8s namespace, or an HPC partition read live. */
    async partitionStatus(clusterName: string, partition: string, asAdmin: boolean): Promise<PartitionStatus> {
      const cluster = await byName(clusterName, asAdmin);
      if (cluster.kind === 'hpc') return partitions.status(clusterName, partition, asAdmin);
      const s = await clusters.kubernetes(cluster).partitionStatus(partition);
      return {
        cluster_name: cluster.name,
        partition: s.namespace,
        state: s.phase,
        total_cpus: s.cpuMillicoresLimit === null ? 0 : Math.floor(s.cpuMillicoresLimit / 1000),
        total_nodes: 0,
        alloc_cpus: Math.ceil(s.cpuMillicoresUsed / 1000),
        max_time_minutes: null,
        nodes: [],
      };
    },

    /** GET /kcluster/k8s/partition/params/{a}/{b}: 12112 (tolerated by the client) when none are configured. */
    async partitionParams(clusterName: string, partition: string, asAdmin: boolean): Promise<{ cluster_name: string; partition: string; params: Record<string, unknown> }> {
      const cluster = await byName(clusterName, asAdmin);
      const missing = () => new AppError(Code.partitionParamsMissing, `partition ${partition} of cluster ${cluster.name} has no launch parameters configured`);
      if (cluster.kind === 'hpc') {
        if (!(await partitions.known(cluster)).some((p) => p.name === partition)) throw notFound('partition');
        throw missing();
      }
      const params = await clusters.kubernetes(cluster).partitionParams(partition);
      if (!params) throw missing();
      return { cluster_name: cluster.name, partition: params.namespace, params: params.params };
    },
  };
}

export type ClusterLiveService = ReturnType<typeof createClusterLiveService>;
