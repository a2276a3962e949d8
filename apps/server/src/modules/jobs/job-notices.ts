import type { JobState } from '@starlight/contract/jobs';
import type { MessageKind } from '@starlight/contract/messages';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import { escapeHtml } from '../../lib/html';
import type { ClusterRow } from '../clusters/clusters.service';
import type { SendMessage } from '../messages/send.service';

export interface JobNoticesDeps {
  send: SendMessage;
  /** Users who opted in to these kinds, and since when (the messages service). */
  optedIn: (kinds: readonly MessageKind[]) => Promise<Array<{ userId: number; kind: MessageKind; since: Date }>>;
  /** account → user id of these users' bindings (the binding service). */
  accountOwners: (userIds: readonly number[]) => Promise<Map<string, number>>;
}

const failed: ReadonlySet<JobState> = new Set(['FAILED', 'TIMEOUT', 'NODE_FAIL', 'OUT_OF_MEMORY', 'BOOT_FAIL', 'DEADLINE', 'PREEMPTED']);
/** A job's end as a message kind; a cancelled job was the user's own doing and is not announced. */
export function endKind(job: Pick<SchedulerJob, 'state' | 'endTime'>): MessageKind | null {
  if (job.endTime === null) return null;
  if (job.state === 'COMPLETED') return 'job_finished';
  return failed.has(job.state) ? 'job_failed' : null;
}

/**
 * Tells the owners of jobs the sync saw end, when they opted in (job notices are off by default).
 * Asks first who opted in, so a sync of thousands of jobs maps only those users' jobs; a job is
 * announced once per user (dedupe key: cluster, job id, submit time — job ids restart with a new
 * cluster), however many syncs or restarts see it, and only if it ended after the user opted in.
 */
export function createJobNotices({ send, optedIn, accountOwners }: JobNoticesDeps) {
  return async function jobsSeen(cluster: ClusterRow, jobs: readonly SchedulerJob[]): Promise<void> {
    const ended = jobs.filter((job) => endKind(job) !== null);
    if (ended.length === 0) return;
    const subscribers = await optedIn(['job_finished', 'job_failed']);
    if (subscribers.length === 0) return;
    const since = new Map(subscribers.map((s) => [`${s.userId}:${s.kind}`, s.since]));
    const owners = await accountOwners([...new Set(subscribers.map((s) => s.userId))]);
    for (const job of ended) {
      const userId = owners.get(job.user);
      const kind = endKind(job)!;
      const from = userId === undefined ? undefined : since.get(`${userId}:${kind}`);
      if (userId === undefined || !from || job.endTime! < from) continue;
      const label = `${job.name} (${cluster.name} #${job.jobId})`;
      const title = kind === 'job_finished' ? `作业已完成 / Job finished: ${label}` : `作业失败 / Job failed: ${label}`;
      const reason = job.reason ? `, ${job.reason}` : '';
      await send({
        userId,
        kind,
        title,
        body:
          `<p>${escapeHtml(label)}: <b>${job.state}</b>${escapeHtml(reason)}` +
          `${job.exitCode === null ? '' : `, exit code ${job.exitCode}`}, ended ${job.endTime!.toISOString()}.</p>` +
          `<p>Partition ${escapeHtml(job.partition)}; output ${escapeHtml(job.stdoutPath || '-')}.</p>`,
        dedupeKey: `job:${cluster.id}:${job.jobId}:${job.submitTime.getTime()}`,
      });
    }
  };
}
