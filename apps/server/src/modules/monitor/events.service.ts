import type { List } from '@starlight/contract/envelope';
import type { MonitorEvent, MonitorEventListQuery, MonitorEventType } from '@starlight/contract/monitor';
import type { SchedulerJob, SchedulerNode } from '../../drivers/scheduler/interface';
import type { JobState } from '@starlight/contract/jobs';
import type { ClusterRow } from '../clusters/clusters.service';
import type { EventListRow, EventsRepo, NewMonitorEvent } from './events.repo';

/** Ends that are failures worth an administrator's look (not COMPLETED, not a user's own CANCELLED). */
export const failedJobStates: readonly JobState[] = ['FAILED', 'NODE_FAIL', 'TIMEOUT', 'OUT_OF_MEMORY', 'BOOT_FAIL', 'DEADLINE'];

/** A node's state as events compare it: the base state plus its flags (`idle+drain`), so a drain is a change too. */
export const nodeStateOf = (node: Pick<SchedulerNode, 'state' | 'stateFlags'>): string =>
  [node.state, ...[...node.stateFlags].map((f) => f.toLowerCase()).sort()].join('+');

export const toEvent = ({ event, clusterName }: EventListRow): MonitorEvent => ({
  id: event.id,
  cluster: clusterName,
  type: event.type as MonitorEventType,
  nodes: event.nodes,
  job_id: event.jobId === null ? null : String(event.jobId),
  from_state: event.fromState,
  to_state: event.toState,
  info: event.info,
  time: event.at.toISOString(),
});

function jobFailureInfo(job: SchedulerJob): string {
  const parts = [`job ${job.jobId} (${job.name}) of ${job.user} ended ${job.state}`];
  if (job.exitCode !== null && job.exitCode !== undefined) parts.push(`exit code ${job.exitCode}`);
  if (job.reason) parts.push(job.reason);
  return parts.join(', ');
}

/**
 * The events log: node state changes (from every node listing: the pages and the poller) and job
 * failures (from every look the jobs sync records), written as they are seen.
 */
export function createEventsService({ repo, now = () => new Date() }: { repo: EventsRepo; now?: () => Date }) {
  return {
    /** Compares each node with the state last seen; a different one is recorded once, whichever instance sees it first. */
    async nodesSeen(cluster: ClusterRow, nodes: readonly Pick<SchedulerNode, 'name' | 'state' | 'stateFlags'>[]): Promise<void> {
      const at = now();
      for (const node of nodes) {
        const state = nodeStateOf(node);
        const last = await repo.lastState(cluster.id, node.name);
        if (last === undefined) {
          await repo.firstState(cluster.id, node.name, state, at);
        } else if (last !== state && (await repo.moveState(cluster.id, node.name, last, state, at))) {
          await repo.insert([
            { clusterId: cluster.id, type: 'node_state', nodes: [node.name], fromState: last, toState: state, info: `node ${node.name}: ${last} → ${state}`, at },
          ]);
        }
      }
    },

    /** Failed jobs among the looks the sync recorded; each failure once, stamped with the job's end. */
    async jobsSeen(cluster: ClusterRow, jobs: readonly SchedulerJob[]): Promise<void> {
      const failed: NewMonitorEvent[] = jobs
        .filter((job) => failedJobStates.includes(job.state))
        .map((job) => ({
          clusterId: cluster.id,
          type: 'job_failed',
          nodes: job.nodes,
          jobId: Number(job.jobId),
          toState: job.state,
          info: jobFailureInfo(job),
          at: job.endTime ?? now(),
        }));
      if (failed.length > 0) await repo.insert(failed);
    },

    async list(query: MonitorEventListQuery): Promise<List<MonitorEvent>> {
      const { rows, total } = await repo.page(
        { clusterName: query.field_eq_cluster, node: query.field_eq_node, type: query.field_eq_type, from: query.start_time, before: query.end_time },
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      return { list: rows.map(toEvent), total };
    },

    async recent(limit: number): Promise<MonitorEvent[]> {
      return (await repo.page({}, 0, limit)).rows.map(toEvent);
    },

    async countSince(type: MonitorEventType, since: Date): Promise<number> {
      return (await repo.page({ type, from: since }, 0, 1)).total;
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
