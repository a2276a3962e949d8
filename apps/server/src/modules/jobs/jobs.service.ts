import { Code } from '@starlight/contract/codes';
import { coreHours, type Job, type JobDetail, type JobList, type JobListQuery, type JobState } from '@starlight/contract/jobs';
import type { SchedulerIdentity, SchedulerJob } from '../../drivers/scheduler/interface';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { BindingService } from '../binding/binding.service';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { AccountsService } from '../identity/accounts.service';
import { readTail } from './job-output';
import type { JobsSync } from './jobs-sync.service';
import type { JobListRow, JobSort, JobsRepo } from './jobs.repo';

export type JobScope = 'mine' | 'group' | 'all';

const activeStates: JobState[] = ['RUNNING', 'SUSPENDED', 'COMPLETING'];

export interface JobsDeps {
  repo: JobsRepo;
  sync: JobsSync;
  clusters: ClustersService;
  binding: BindingService;
  accounts: AccountsService;
}

export const toJob = ({ job, clusterName, userName }: JobListRow): Job => ({
  cluster: clusterName,
  job_id: String(job.jobId),
  name: job.name,
  user_name: userName,
  system_account: job.userAccount,
  partition: job.partition,
  state: job.state as JobState,
  reason: job.reason,
  submit_time: job.submitTime.toISOString(),
  start_time: job.startTime?.toISOString() ?? null,
  end_time: job.endTime?.toISOString() ?? null,
  time_limit_minutes: job.timeLimitMinutes,
  cpus: job.cpus,
  nodes: job.nodes,
  exit_code: job.exitCode,
  cpu_seconds: job.cpuSeconds,
  core_seconds: job.coreSeconds,
  core_hours: coreHours(job.coreSeconds),
  updated_at: job.updatedAt.toISOString(),
});

const sortOf = (sort: string): JobSort => ({
  key: sort.replace(/^-/, '') as JobSort['key'],
  descending: sort.startsWith('-'),
});

/** Job lists (from the synced copy), details, output and cancel, each checked against the caller first. */
export function createJobsService({ repo, sync, clusters, binding, accounts }: JobsDeps) {
  async function groupAccounts(actor: Actor): Promise<string[]> {
    return binding.accountsOf(await accounts.groupMateIds(actor.userId));
  }

  /**
   * The job's row and who the caller is to it. Unknown and someone else's (without the keys to see it) answer the
   * same 1404, so job ids tell an outsider nothing about other users' work.
   */
  async function access(actor: Actor, clusterName: string, jobId: string) {
    const cluster = await clusters.rowByName(clusterName);
    if (!cluster || cluster.kind !== 'hpc') throw notFound('cluster');
    let row = await repo.get(cluster.id, Number(jobId));
    if (!row) {
      await sync.refresh(cluster);
      row = await repo.get(cluster.id, Number(jobId));
    }
    const missing = () => new AppError(Code.notFound, `job ${jobId} not found`);
    if (!row) throw missing();
    const mine = await binding.accountOf(actor.userId);
    const owner = mine !== null && mine === row.job.userAccount;
    if (!owner && !actor.permissions.includes('query_others_job')) {
      const inGroup = actor.permissions.includes('query_by_group_name') && (await groupAccounts(actor)).includes(row.job.userAccount);
      if (!inGroup) throw missing();
    }
    // the owner acts as their own account; an administrator's look passed our check above
    const identity: SchedulerIdentity = owner ? { kind: 'user', account: mine } : { kind: 'admin' };
    return { cluster, row, owner, identity };
  }

  return {
    /** Jobs that ended in a period (the statistics module's resource source). */
    endedBetween: (from: Date, to: Date) => repo.endedBetween(from, to),

    async list(actor: Actor, scope: JobScope, query: JobListQuery): Promise<JobList> {
      const rows = await clusters.enabledHpcRows();
      let accountsFilter: string[] | undefined;
      if (scope === 'mine') {
        const mine = await binding.accountOf(actor.userId);
        accountsFilter = mine ? [mine] : [];
      } else if (scope === 'group') {
        accountsFilter = await groupAccounts(actor);
      }
      await sync.ensureFresh(rows);
      const { rows: found, total } = await repo.page(
        {
          clusterIds: rows.map((c) => c.id),
          accounts: accountsFilter,
          states: query.field_eq_state,
          partition: query.field_eq_partition,
          clusterName: query.field_eq_cluster,
          nameContains: query.field_lk_name,
          userName: query.field_eq_user,
          submittedFrom: query.start_time,
          submittedBefore: query.end_time,
        },
        sortOf(query.sort),
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      const unreachable = sync.outages(rows);
      return { list: found.map(toJob), total, ...(unreachable.length > 0 ? { unreachable } : {}) };
    },

    async detail(actor: Actor, clusterName: string, jobId: string): Promise<JobDetail> {
      const { cluster, row, identity } = await access(actor, clusterName, jobId);
      const live = await clusters
        .scheduler(cluster)
        .then((driver) => driver.getJob(identity, jobId))
        .catch(() => null);
      let current = live ? await refreshed(cluster, live, row) : row;
      if (current.job.cpuSeconds === null && current.job.endTime) current = await withAccountedCpu(cluster, identity, current);
      const files = await clusters.files(cluster).catch(() => null);
      const [stdoutTail, stderrTail] = await Promise.all([
        readTail(files, current.job.userAccount, current.job.stdoutPath),
        current.job.stderrPath === current.job.stdoutPath ? Promise.resolve(null) : readTail(files, current.job.userAccount, current.job.stderrPath),
      ]);
      return {
        ...toJob(current),
        script: live?.script ?? null,
        working_directory: current.job.workingDirectory,
        stdout_path: current.job.stdoutPath,
        stderr_path: current.job.stderrPath,
        stdout_tail: stdoutTail,
        stderr_tail: stderrTail,
      };
    },

    /**
     * Whether the user's own bound account ran this job, on the named cluster or (null) any enabled one:
     * a ticket names a job of its author's (issue 11). Administrators' keys do not count here.
     */
    async isOwn(userId: number, clusterName: string | null, jobId: string): Promise<boolean> {
      if (!/^\d{1,18}$/.test(jobId)) return false;
      const mine = await binding.accountOf(userId);
      if (!mine) return false;
      const named = clusterName === null ? undefined : await clusters.rowByName(clusterName);
      const rows = clusterName === null ? await clusters.enabledHpcRows() : named && named.kind === 'hpc' ? [named] : [];
      for (const cluster of rows) {
        let row = await repo.get(cluster.id, Number(jobId));
        if (!row) {
          await sync.refresh(cluster);
          row = await repo.get(cluster.id, Number(jobId));
        }
        if (row?.job.userAccount === mine) return true;
      }
      return false;
    },

    /** One job as the lists show it, with the detail's access check (the job's monitor page). */
    async lookup(actor: Actor, clusterName: string, jobId: string): Promise<Job> {
      return toJob((await access(actor, clusterName, jobId)).row);
    },

    /** Jobs per state on these clusters, from the synced copy (monitor summary, after manage_monitor). */
    async countsByState(rows: readonly ClusterRow[]): Promise<Record<string, number>> {
      await sync.ensureFresh(rows);
      return repo.countsByState(rows.map((c) => c.id));
    },

    /** Active jobs on a node (monitoring, after the caller's manage_monitor check). */
    async activeOnNode(cluster: ClusterRow, node: string): Promise<Job[]> {
      await sync.ensureFresh([cluster]);
      return (await repo.onNode(cluster.id, node, activeStates)).map(toJob);
    },

    /** The owner cancels as their account; an administrator (query_others_job) as the admin identity. */
    async cancel(actor: Actor, clusterName: string, jobId: string): Promise<void> {
      const { cluster, owner, identity } = await access(actor, clusterName, jobId);
      if (!owner && !actor.permissions.includes('query_others_job'))
        throw new AppError(Code.forbidden, `job ${jobId} belongs to another user`);
      await (await clusters.scheduler(cluster)).cancelJob(identity, jobId);
      sync.invalidate(cluster.id);
    },
  };

  /** slurmctld has no CPU time: ask accounting for this one job's window (bounded: one job, a minute either side). */
  async function withAccountedCpu(cluster: ClusterRow, identity: SchedulerIdentity, row: JobListRow): Promise<JobListRow> {
    const end = row.job.endTime!.getTime();
    const found = await clusters
      .scheduler(cluster)
      .then((driver) => driver.listFinishedJobs(identity, { startTime: new Date(end - 60_000), endTime: new Date(end + 60_000) }))
      .catch(() => []);
    const accounted = found.find((job) => job.jobId === String(row.job.jobId) && job.cpuSeconds !== null);
    return accounted ? refreshed(cluster, accounted, row) : row;
  }

  async function refreshed(cluster: ClusterRow, live: SchedulerJob, row: JobListRow): Promise<JobListRow> {
    await sync.record(cluster, live);
    return (await repo.get(cluster.id, Number(live.jobId))) ?? row;
  }
}

export type JobsService = ReturnType<typeof createJobsService>;
