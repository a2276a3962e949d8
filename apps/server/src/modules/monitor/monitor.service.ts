import type { MonitorNode, MonitorNodeDetail, MonitorNodeList, MonitorNodeListQuery } from '@starlight/contract/monitor';
import type { SchedulerNode } from '../../drivers/scheduler/interface';
import { notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { JobsService } from '../jobs/jobs.service';

const admin = { kind: 'admin' } as const;

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

/** Nodes read live from each enabled cluster's scheduler (admin identity, after manage_monitor), jobs from the synced copy. */
export function createMonitorService({ clusters, jobs }: { clusters: ClustersService; jobs: JobsService }) {
  async function nodesOf(cluster: ClusterRow): Promise<MonitorNode[]> {
    const driver = await clusters.scheduler(cluster);
    return (await driver.listNodes(admin)).map((n) => toNode(cluster.name, n));
  }

  return {
    async nodes(query: MonitorNodeListQuery): Promise<MonitorNodeList> {
      const rows = (await clusters.enabledHpcRows()).filter((c) => !query.field_eq_cluster || c.name === query.field_eq_cluster);
      const looks = await Promise.allSettled(rows.map(nodesOf));
      const unreachable: MonitorNodeList['unreachable'] = [];
      const list = looks.flatMap((look, i) => {
        if (look.status === 'fulfilled') return look.value;
        unreachable.push({ cluster: rows[i]!.name, info: (look.reason as Error)?.message ?? String(look.reason) });
        return [];
      });
      const filtered = list.filter((n) => !query.field_eq_state || n.state === query.field_eq_state);
      return { list: filtered, total: filtered.length, unreachable };
    },

    async node(clusterName: string, nodeName: string): Promise<MonitorNodeDetail> {
      const cluster = await clusters.rowByName(clusterName);
      if (!cluster || cluster.kind !== 'hpc') throw notFound('cluster');
      const node = (await nodesOf(cluster)).find((n) => n.name === nodeName);
      if (!node) throw notFound('node');
      return { ...node, jobs: await jobs.activeOnNode(cluster, nodeName) };
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
