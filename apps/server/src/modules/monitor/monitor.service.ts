import type { MonitorNode, MonitorNodeDetail, MonitorNodeList, MonitorNodeListQuery, MonitorSummary } from '@starlight/contract/monitor';
import type { SchedulerNode } from '../../drivers/scheduler/interface';
import { notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { JobsService } from '../jobs/jobs.service';
import type { EventsService } from './events.service';

const admin = { kind: 'admin' } as const;
const recentEvents = 10;

const toNode = (cluster: string, n: SchedulerNode): MonitorNode => ({
  cluster,
  name: n.name,
  state: n.state,
  state_flags: n.stateFlags,
  cpus_total: n.cpusTotal,
  cpus_alloc: n.cpusAlloc,
  memory_total_mb: n.memoryTotalMb,
  memory_alloc_mb: n.memoryAllocMb,
  partitions: n.partitions,
});

export interface MonitorDeps {
  clusters: ClustersService;
  jobs: JobsService;
  events: EventsService;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
}

/**
 * Nodes read live from each enabled cluster's scheduler (admin identity, after manage_monitor), jobs
 * from the synced copy. Every listing also feeds the events log (node state changes as they are seen).
 */
export function createMonitorService({ clusters, jobs, events, log = () => undefined, now = () => new Date() }: MonitorDeps) {
  async function nodesOf(cluster: ClusterRow): Promise<MonitorNode[]> {
    const driver = await clusters.scheduler(cluster);
    const nodes = await driver.listNodes(admin);
    await events.nodesSeen(cluster, nodes).catch((error: unknown) => log(error, `recording node states of cluster ${cluster.name}`));
    return nodes.map((n) => toNode(cluster.name, n));
  }

  async function nodes(query: MonitorNodeListQuery): Promise<MonitorNodeList & { perCluster: Map<string, number> }> {
    const rows = (await clusters.enabledHpcRows()).filter((c) => !query.field_eq_cluster || c.name === query.field_eq_cluster);
    const looks = await Promise.allSettled(rows.map(nodesOf));
    const unreachable: MonitorNodeList['unreachable'] = [];
    const perCluster = new Map<string, number>();
    const list = looks.flatMap((look, i) => {
      if (look.status === 'fulfilled') {
        perCluster.set(rows[i]!.name, look.value.length);
        return look.value;
      }
      unreachable.push({ cluster: rows[i]!.name, info: (look.reason as Error)?.message ?? String(look.reason) });
      return [];
    });
    const filtered = list.filter((n) => !query.field_eq_state || n.state === query.field_eq_state);
    return { list: filtered, total: filtered.length, unreachable, perCluster };
  }

  return {
    async nodes(query: MonitorNodeListQuery): Promise<MonitorNodeList> {
      const { list, total, unreachable } = await nodes(query);
      return { list, total, unreachable };
    },

    async node(clusterName: string, nodeName: string): Promise<MonitorNodeDetail> {
      const cluster = await clusters.rowByName(clusterName);
      if (!cluster || cluster.kind !== 'hpc') throw notFound('cluster');
      const node = (await nodesOf(cluster)).find((n) => n.name === nodeName);
      if (!node) throw notFound('node');
      return { ...node, jobs: await jobs.activeOnNode(cluster, nodeName) };
    },

    /** Node names the scheduler lists now; null when it does not answer (metrics still come from Prometheus). */
    async nodeNames(cluster: ClusterRow): Promise<string[] | null> {
      return nodesOf(cluster).then(
        (found) => found.map((n) => n.name),
        () => null,
      );
    },

    /** One look at every enabled cluster's nodes (the poller), so state changes are recorded without a page open. */
    async poll(): Promise<void> {
      await nodes({});
    },

    async summary(): Promise<MonitorSummary> {
      const rows = await clusters.enabledHpcRows();
      const [found, counts, failed, recent] = await Promise.all([
        nodes({}),
        jobs.countsByState(rows),
        events.countSince('job_failed', new Date(now().getTime() - 86_400_000)),
        events.recent(recentEvents),
      ]);
      const nodesByState: Record<string, number> = {};
      for (const n of found.list) nodesByState[n.state] = (nodesByState[n.state] ?? 0) + 1;
      const sum = (pick: (n: MonitorNode) => number) => found.list.reduce((total, n) => total + pick(n), 0);
      return {
        clusters: rows.map((c) => {
          const down = found.unreachable.find((u) => u.cluster === c.name);
          return { cluster: c.name, reachable: !down, info: down?.info ?? null, nodes: found.perCluster.get(c.name) ?? 0 };
        }),
        nodes_total: found.list.length,
        nodes_by_state: nodesByState,
        cpus_total: sum((n) => n.cpus_total),
        cpus_alloc: sum((n) => n.cpus_alloc),
        memory_total_mb: sum((n) => n.memory_total_mb),
        memory_alloc_mb: found.list.some((n) => n.memory_alloc_mb !== null) ? sum((n) => n.memory_alloc_mb ?? 0) : null,
        jobs_running: counts.RUNNING ?? 0,
        jobs_pending: counts.PENDING ?? 0,
        jobs_failed_24h: failed,
        recent_events: recent,
      };
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
