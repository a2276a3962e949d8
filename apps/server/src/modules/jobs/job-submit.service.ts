import path from 'node:path';
import { Code } from '@starlight/contract/codes';
import type { Partition } from '@starlight/contract/hpc';
import type { JobSubmitInput, JobSubmitResult } from '@starlight/contract/jobs';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden } from '../../lib/app-error';
import type { BindingService } from '../binding/binding.service';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { PartitionsService } from '../clusters/partitions.service';
import type { JobsSync } from './jobs-sync.service';

export interface JobSubmitDeps {
  clusters: ClustersService;
  partitions: PartitionsService;
  binding: BindingService;
  sync: JobsSync;
  /** The fees module's over-limit rule (1403 naming the allocation); absent: no fee check. */
  mayCharge?: (actor: Actor, clusterName: string) => Promise<void>;
}

const invalid = (field: string, info: string) => new AppError(Code.invalidInput, info, { fields: [{ path: `body.${field}`, message: info }] });

/**
 * The plain submit form (spec §2 /job): as the caller's bound account only, to a partition the caller
 * may use (1403 otherwise; 1400 for one no cluster has), within its time limit. The driver checks the
 * rest (working directory inside the home on local; the cluster's own limits on Slurm).
 */
export function createJobSubmitService({ clusters, partitions, binding, sync, mayCharge }: JobSubmitDeps) {
  async function target(actor: Actor, input: Pick<JobSubmitInput, 'cluster' | 'partition'>): Promise<{ cluster: ClusterRow; partition: Partition }> {
    const usable = (await partitions.usable(actor)).filter(
      (u) => u.partition.name === input.partition && (!input.cluster || u.cluster.name === input.cluster),
    );
    if (usable[0]) return usable[0];
    // tell "no such partition" (1400) from "not yours" (1403)
    const candidates = input.cluster ? [await clusters.rowByName(input.cluster)] : await clusters.allRows();
    if (input.cluster && !candidates[0]) throw invalid('cluster', `unknown cluster ${input.cluster}`);
    for (const cluster of candidates) {
      if (!cluster || cluster.kind !== 'hpc') continue;
      const known = await partitions.known(cluster).catch(() => []);
      if (known.some((p) => p.name === input.partition && p.discovered)) throw forbidden();
    }
    throw invalid('partition', `unknown partition ${input.partition}`);
  }

  /** Slurm wants an absolute directory: a relative one is taken inside the account's home on the login node. */
  async function workingDirectory(cluster: ClusterRow, account: string, requested: string | undefined): Promise<string | undefined> {
    if (cluster.driver === 'local' || requested?.startsWith('/')) return requested;
    const files = await clusters.files(cluster);
    if (!files) throw invalid('working_directory', 'this cluster needs an absolute working directory');
    const home = await files.homePath({ account });
    return path.posix.join(home, requested ?? '.');
  }

  /** Where the job goes, after the fee rule, the grant's and quotas' limits (cpus, time, CPU-hours) and the partition's own time limit. */
  async function admit(actor: Actor, input: Pick<JobSubmitInput, 'cluster' | 'partition' | 'cpus' | 'time_limit_minutes'>): Promise<{ cluster: ClusterRow; partition: Partition }> {
    const { cluster, partition } = await target(actor, input);
    await mayCharge?.(actor, cluster.name);
    await partitions.admit(actor, { cluster, partition }, { cpus: input.cpus, timeLimitMinutes: input.time_limit_minutes });
    const limit = partition.max_time_minutes;
    if (input.time_limit_minutes !== undefined && limit !== null && input.time_limit_minutes > limit)
      throw invalid('time_limit_minutes', `the time limit is over partition ${partition.name}'s ${limit} minutes`);
    return { cluster, partition };
  }

  return {
    /** The same checks as a submit, for a running job asking for a longer time limit (interactive sessions' extend). */
    admit,
    /** The cluster and partition a submit would go to (the same 1400/1403 answers), for callers that prepare first (apps, sessions). */
    target,
    /**
     * `extra.env` reaches the script as environment variables (interactive sessions and app runs hand their values
     * this way, never pasted into the script's text); `extra.memoryMb` is the job's memory request per node.
     */
    async submit(actor: Actor, input: JobSubmitInput, extra: { env?: Record<string, string>; memoryMb?: number } = {}): Promise<JobSubmitResult> {
      const account = await binding.accountOf(actor.userId);
      if (!account) throw new AppError(Code.forbidden, 'bind a system account before submitting jobs');
      const { cluster, partition } = await admit(actor, input);
      const driver = await clusters.scheduler(cluster);
      const { jobId, warnings } = await driver.submitJob(
        { kind: 'user', account },
        {
          name: input.name,
          script: input.script,
          partition: partition.name,
          cpus: input.cpus,
          timeLimitMinutes: input.time_limit_minutes,
          workingDirectory: await workingDirectory(cluster, account, input.working_directory),
          ...(extra.env ? { env: extra.env } : {}),
          ...(extra.memoryMb !== undefined ? { memoryMb: extra.memoryMb } : {}),
        },
      );
      sync.invalidate(cluster.id);
      return { cluster: cluster.name, job_id: jobId, warnings };
    },
  };
}

export type JobSubmitService = ReturnType<typeof createJobSubmitService>;
