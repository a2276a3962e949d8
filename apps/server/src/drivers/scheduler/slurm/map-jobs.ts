import path from 'node:path';
import { isFinishedJobState, jobStates, type JobState, type SchedulerJob } from '../interface';
import { expandHostlist } from './hostlist';
import type { SlurmJson } from './rest-client';

/*
 * slurmrestd JSON → SchedulerJob, written against v0.0.38 and tolerant of the nulls and missing
 * fields of v0.0.37/v0.0.36 (v0.0.36 leaves user_name empty, for one).
 */

export const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const obj = (value: unknown): SlurmJson => (value && typeof value === 'object' ? (value as SlurmJson) : {});
const epoch = (value: unknown): Date | null => {
  const seconds = num(value);
  return seconds && seconds > 0 ? new Date(seconds * 1000) : null;
};

export function normaliseJobState(raw: unknown): JobState {
  const base = str(raw).toUpperCase().split(/[^A-Z_]/)[0] ?? '';
  return (jobStates as readonly string[]).includes(base) ? (base as JobState) : 'UNKNOWN';
}

/** slurmctld reports a wait(2) status: 768 is exit 3; a signal n becomes 128 + n, as shells print it. */
export function decodeWaitStatus(status: number): number {
  const signal = status & 0x7f;
  return signal === 0 ? (status >> 8) & 0xff : 128 + signal;
}

interface PatternContext {
  jobId: string;
  user: string;
  name: string;
  arrayJobId: string;
  arrayTaskId: string;
  node: string;
}

/** Slurm's filename patterns (sbatch --output), resolved against the working directory. */
export function expandOutputPattern(pattern: string, cwd: string, context: PatternContext): string {
  const values: Record<string, string> = {
    '%': '%',
    j: context.jobId,
    J: context.jobId,
    u: context.user,
    x: context.name,
    A: context.arrayJobId,
    a: context.arrayTaskId,
    N: context.node,
  };
  const expanded = pattern.replace(/%(\d*)([%jJuxAaN])/g, (_match, width: string, letter: string) => {
    const value = values[letter] ?? '';
    return width && /^\d+$/.test(value) ? value.padStart(Number(width), '0') : value;
  });
  return path.posix.resolve(cwd || '/', expanded);
}

/** A job as slurmctld knows it (`/slurm/vX/jobs`, `/slurm/vX/job/{id}`). */
export function mapSlurmJob(raw: SlurmJson): SchedulerJob {
  const state = normaliseJobState(raw.job_state);
  const finished = isFinishedJobState(state);
  const jobId = String(num(raw.job_id) ?? '');
  const user = str(raw.user_name) || (num(raw.user_id) === null ? '' : String(raw.user_id));
  const cwd = str(raw.current_working_directory);
  const arrayJobId = num(raw.array_job_id);
  const arrayTaskId = num(raw.array_task_id);
  const isArrayTask = !!arrayJobId && arrayTaskId !== null;
  const context = {
    jobId,
    user,
    name: str(raw.name),
    arrayJobId: isArrayTask ? String(arrayJobId) : jobId,
    arrayTaskId: isArrayTask ? String(arrayTaskId) : '',
    node: str(raw.batch_host),
  };
  const defaultOutput = isArrayTask ? 'slurm-%A_%a.out' : 'slurm-%j.out';
  const stdoutPattern = str(raw.standard_output) || defaultOutput;
  // Slurm's pending start_time and running end_time are estimates: only real times are reported.
  const startTime = state === 'PENDING' ? null : epoch(raw.start_time);
  const endTime = finished ? epoch(raw.end_time) : null;
  const cpus = num(raw.cpus) ?? 0;
  const status = num(raw.exit_code);
  return {
    jobId,
    name: context.name,
    user,
    account: str(raw.account),
    partition: str(raw.partition),
    state,
    reason: str(raw.state_reason) && raw.state_reason !== 'None' ? str(raw.state_reason) : null,
    submitTime: epoch(raw.submit_time) ?? new Date(0),
    startTime,
    endTime,
    timeLimitMinutes: num(raw.time_limit),
    cpus,
    nodes: expandHostlist(str(raw.nodes)),
    workingDirectory: cwd,
    stdoutPath: expandOutputPattern(stdoutPattern, cwd, context),
    stderrPath: expandOutputPattern(str(raw.standard_error) || stdoutPattern, cwd, context),
    exitCode: finished && status !== null ? decodeWaitStatus(status) : null,
    // slurmctld does not account CPU time; listFinishedJobs (slurmdbd) does.
    cpuSeconds: null,
    coreSeconds: startTime && endTime ? cpus * Math.round((endTime.getTime() - startTime.getTime()) / 1000) : null,
  };
}

/**
 * The newest real event time of a job, for `listJobs({ since })`. slurmrestd's `update_time` only
 * says whether anything at all changed (else 304); the per-job filter is ours. A pending job's
 * reason or priority changes carry no time and are seen at its next transition.
 */
export function lastChangeTime(raw: SlurmJson): number {
  const state = normaliseJobState(raw.job_state);
  const times = [raw.submit_time, raw.eligible_time, raw.suspend_time, raw.preempt_time, raw.resize_time];
  if (state !== 'PENDING') times.push(raw.start_time);
  if (isFinishedJobState(state)) times.push(raw.end_time);
  return Math.max(0, ...times.map((t) => num(t) ?? 0)) * 1000;
}

const seconds = (time: unknown): number => (num(obj(time).seconds) ?? 0) + (num(obj(time).microseconds) ?? 0) / 1e6;

/** A job as slurmdbd keeps it (`/slurmdb/vX/jobs`), with the CPU time its steps used. */
export function mapAccountingJob(raw: SlurmJson): SchedulerJob {
  const time = obj(raw.time);
  const state = normaliseJobState(obj(raw.state).current);
  const allocated = Array.isArray(obj(raw.tres).allocated) ? (obj(raw.tres).allocated as SlurmJson[]) : [];
  const cpus = num(allocated.find((t) => t.type === 'cpu')?.count) ?? num(obj(raw.required).CPUs) ?? 0;
  const steps = Array.isArray(raw.steps) ? (raw.steps as SlurmJson[]) : [];
  // The job-level total stays 0 in 22.05; sacct sums the steps, and so do we.
  const stepCpu = steps.reduce((sum, step) => sum + seconds(obj(step.time).total), 0);
  const exit = obj(raw.exit_code);
  const signal = num(obj(exit.signal).signal_id);
  const returnCode = exit.status === 'SIGNALED' && signal !== null ? 128 + signal : num(exit.return_code);
  const jobId = String(num(raw.job_id) ?? '');
  const cwd = str(raw.working_directory);
  const nodes = str(raw.nodes);
  const elapsed = num(time.elapsed);
  const reason = str(obj(raw.state).reason);
  return {
    jobId,
    name: str(raw.name),
    user: str(raw.user),
    account: str(raw.account) || str(obj(raw.association).account),
    partition: str(raw.partition),
    state,
    reason: reason && reason !== 'None' ? reason : null,
    submitTime: epoch(time.submission) ?? new Date(0),
    startTime: epoch(time.start),
    endTime: isFinishedJobState(state) ? epoch(time.end) : null,
    timeLimitMinutes: num(time.limit),
    cpus,
    nodes: nodes && nodes !== 'None assigned' ? expandHostlist(nodes) : [],
    workingDirectory: cwd,
    // slurmdbd 22.05 keeps no output paths; these are the ones this driver asks for at submit.
    stdoutPath: cwd ? path.posix.join(cwd, `slurm-${jobId}.out`) : '',
    stderrPath: cwd ? path.posix.join(cwd, `slurm-${jobId}.err`) : '',
    // 22.05's dbv0.0.38 reports 0 for FAILED jobs whose real code sacct shows: 0 only counts for COMPLETED.
    exitCode: returnCode === 0 && state !== 'COMPLETED' ? null : returnCode,
    cpuSeconds: Math.max(seconds(time.total), stepCpu),
    coreSeconds: elapsed === null ? null : elapsed * cpus,
    gpus: allocated.filter((t) => t.type === 'gres' && str(t.name).startsWith('gpu')).reduce((sum, t) => sum + (num(t.count) ?? 0), 0),
    qos: str(raw.qos),
  };
}
