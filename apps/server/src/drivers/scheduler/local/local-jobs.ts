import path from 'node:path';
import os from 'node:os';
import type { SchedulerIdentity, SchedulerJob, SchedulerNode, ValidSubmitJobInput } from '../interface';
import type { LocalJobRecord, NewLocalJob } from './job-store';

/** Output files sit in the working directory under Slurm's default names, so users find them where they expect. */
export const stdoutPathOf = (job: Pick<LocalJobRecord, 'jobId' | 'workingDirectory'>): string =>
  path.join(job.workingDirectory, `slurm-${job.jobId}.out`);
export const stderrPathOf = (job: Pick<LocalJobRecord, 'jobId' | 'workingDirectory'>): string =>
  path.join(job.workingDirectory, `slurm-${job.jobId}.err`);

const canSeeScript = (identity: SchedulerIdentity, job: LocalJobRecord): boolean =>
  identity.kind === 'admin' || identity.account === job.account;

export function toSchedulerJob(job: LocalJobRecord, identity: SchedulerIdentity, nodeName: string): SchedulerJob {
  const elapsedSeconds =
    job.startTime && job.endTime ? Math.round((job.endTime.getTime() - job.startTime.getTime()) / 1000) : null;
  return {
    jobId: String(job.jobId),
    name: job.name,
    user: job.account,
    account: job.account,
    partition: job.partition,
    state: job.state,
    reason: job.reason,
    submitTime: job.submitTime,
    startTime: job.startTime,
    endTime: job.endTime,
    timeLimitMinutes: job.timeLimitMinutes,
    cpus: job.cpus,
    nodes: job.startTime ? [nodeName] : [],
    workingDirectory: job.workingDirectory,
    stdoutPath: stdoutPathOf(job),
    stderrPath: stderrPathOf(job),
    exitCode: job.exitCode,
    cpuSeconds: job.cpuSeconds,
    coreSeconds: elapsedSeconds === null ? null : elapsedSeconds * job.cpus,
    ...(canSeeScript(identity, job) ? { script: job.script } : {}),
  };
}

/**
 * A job's environment is built from scratch, never inherited: the server's own environment holds
 * database URLs and keys. The SLURM_* variables come last so scripts written for Slurm find theirs.
 * USER/LOGNAME name the Unix user the job runs as (the account's own one when the server is root).
 */
export function jobEnvironment(job: LocalJobRecord, home: string, nodeName: string, unixUser = job.account): Record<string, string> {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    SHELL: '/bin/bash',
    HOME: home,
    USER: unixUser,
    LOGNAME: unixUser,
    ...job.env,
    SLURM_JOB_ID: String(job.jobId),
    SLURM_JOBID: String(job.jobId),
    SLURM_JOB_NAME: job.name,
    SLURM_JOB_USER: job.account,
    SLURM_JOB_ACCOUNT: job.account,
    SLURM_JOB_PARTITION: job.partition,
    SLURM_JOB_NODELIST: nodeName,
    SLURM_JOB_NUM_NODES: '1',
    SLURM_CPUS_ON_NODE: String(job.cpus),
    SLURM_JOB_CPUS_PER_NODE: String(job.cpus),
    SLURM_NTASKS: '1',
    SLURM_SUBMIT_DIR: job.workingDirectory,
  };
}

type NewJobFields = ValidSubmitJobInput &
  Pick<LocalJobRecord, 'account' | 'partition' | 'timeLimitMinutes' | 'workingDirectory'>;

export function newLocalJob(input: NewJobFields): NewLocalJob {
  const now = new Date();
  return {
    name: input.name,
    account: input.account,
    partition: input.partition,
    state: 'PENDING',
    reason: null,
    script: input.script,
    cpus: input.cpus,
    timeLimitMinutes: input.timeLimitMinutes,
    workingDirectory: input.workingDirectory,
    // as Slurm does for --mem: the job (and its record) carries the request; the queue does not enforce it
    env: { ...(input.env ?? {}), ...(input.memoryMb !== undefined ? { SLURM_MEM_PER_NODE: String(input.memoryMb) } : {}) },
    submitTime: now,
    startTime: null,
    endTime: null,
    exitCode: null,
    cpuSeconds: null,
    pid: null,
    pidStartTicks: null,
    updatedAt: now,
  };
}

/** This host as the queue's one node: its CPUs are the queue's slots. */
export function localNode(name: string, partition: string, slots: number, used: number): SchedulerNode {
  return {
    name,
    state: used === 0 ? 'idle' : used >= slots ? 'allocated' : 'mixed',
    stateFlags: [],
    cpusTotal: slots,
    cpusAlloc: used,
    memoryTotalMb: Math.floor(os.totalmem() / 1024 / 1024),
    memoryAllocMb: null, // jobs are not memory-limited here, so nothing is allocated
    partitions: [partition],
  };
}
