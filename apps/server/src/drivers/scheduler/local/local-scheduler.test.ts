import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobState, SchedulerIdentity, SchedulerJob, SubmitJobInput } from '../interface';
import { MemoryJobStore, type LocalJobRecord } from './job-store';
import { createLocalScheduler, type LocalScheduler, type LocalSchedulerOptions } from './local-scheduler';

const alice: SchedulerIdentity = { kind: 'user', account: 'alice' };
const bob: SchedulerIdentity = { kind: 'user', account: 'bob' };
const admin: SchedulerIdentity = { kind: 'admin' };

let dataDir: string;
let scheduler: LocalScheduler | undefined;

beforeEach(async () => {
  dataDir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'starlight-local-')));
});
afterEach(async () => {
  await scheduler?.close();
  scheduler = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function start(options: Partial<LocalSchedulerOptions> = {}): Promise<LocalScheduler> {
  scheduler = await createLocalScheduler({
    dataDir,
    store: new MemoryJobStore(),
    cpuSlots: 2,
    killGraceMs: 500,
    msPerMinute: 1000, // a "minute" of time limit lasts one second here
    ...options,
  });
  return scheduler;
}

const job = (script: string, extra: Partial<SubmitJobInput> = {}): SubmitJobInput => ({ name: 'test', script, ...extra });

async function waitFor(
  s: LocalScheduler,
  jobId: string,
  states: JobState[],
  timeoutMs = 5000,
): Promise<SchedulerJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await s.getJob(admin, jobId);
    if (states.includes(current.state)) return current;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is ${current.state}, expected ${states.join('|')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('local scheduler', () => {
  it('runs a job PENDING → RUNNING → COMPLETED with its output files in the working directory', async () => {
    const s = await start();
    process.env.STARLIGHT_TEST_SECRET = 'server-only';
    const { jobId } = await s.submitJob(
      alice,
      job('echo "out $SLURM_JOB_ID [${STARLIGHT_TEST_SECRET:-}] $PWD"; echo problem >&2; sleep 0.3'),
    );
    expect(['PENDING', 'RUNNING']).toContain((await s.getJob(alice, jobId)).state);
    const running = await waitFor(s, jobId, ['RUNNING']);
    expect(running.startTime).toBeInstanceOf(Date);
    const done = await waitFor(s, jobId, ['COMPLETED']);
    const home = path.join(dataDir, 'homes', 'alice');
    expect(done).toMatchObject({ exitCode: 0, user: 'alice', workingDirectory: home, nodes: [os.hostname()] });
    expect(done.endTime!.getTime()).toBeGreaterThanOrEqual(done.startTime!.getTime());
    // The job's environment is built from scratch: the server's own variables do not leak into it.
    expect(await readFile(done.stdoutPath, 'utf8')).toBe(`out ${jobId} [] ${home}\n`);
    expect(await readFile(done.stderrPath, 'utf8')).toBe('problem\n');
    expect(done.stdoutPath).toBe(path.join(home, `slurm-${jobId}.out`));
  });

  it('records a failing script as FAILED with its exit code', async () => {
    const s = await start();
    const { jobId } = await s.submitJob(alice, job('echo bad >&2\nexit 3'));
    expect(await waitFor(s, jobId, ['FAILED'])).toMatchObject({ exitCode: 3, reason: 'NonZeroExitCode' });
  });

  it('ends a job over its time limit as TIMEOUT (SIGTERM to the group)', async () => {
    const s = await start();
    const { jobId } = await s.submitJob(alice, job('sleep 30 & wait', { timeLimitMinutes: 1 }));
    const done = await waitFor(s, jobId, ['TIMEOUT'], 4000);
    expect(done.reason).toBe('TimeLimit');
    expect(done.exitCode).toBe(143);
    expect(done.endTime!.getTime() - done.startTime!.getTime()).toBeLessThan(2500);
  });

  it('raises a running job time limit: its timer follows, never lowered, bounded by the partition, refused once over', async () => {
    const s = await start({ maxTimeLimitMinutes: 5 });
    const { jobId } = await s.submitJob(alice, job('sleep 30 & wait', { timeLimitMinutes: 1 }));
    await waitFor(s, jobId, ['RUNNING']);
    await s.raiseTimeLimit(jobId, 3);
    await s.raiseTimeLimit(jobId, 2); // lower: kept at 3
    expect((await s.getJob(alice, jobId)).timeLimitMinutes).toBe(3);
    await expect(s.raiseTimeLimit(jobId, 6)).rejects.toMatchObject({ code: 1400 });
    // past the first limit (1 s) it still runs; it ends at the raised one (3 s)
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect((await s.getJob(alice, jobId)).state).toBe('RUNNING');
    const done = await waitFor(s, jobId, ['TIMEOUT'], 4000);
    expect(done.endTime!.getTime() - done.startTime!.getTime()).toBeGreaterThan(2800);
    await expect(s.raiseTimeLimit(jobId, 4)).rejects.toMatchObject({ code: 1409 });
    await expect(s.submitJob(alice, job('true', { memoryMb: 1024 * 1024 * 1024 }))).rejects.toMatchObject({ code: 1400 });
  });

  it('SIGKILLs a job that ignores SIGTERM after the grace period, still TIMEOUT', async () => {
    const s = await start();
    const { jobId } = await s.submitJob(alice, job("trap '' TERM; sleep 30", { timeLimitMinutes: 1 }));
    const done = await waitFor(s, jobId, ['TIMEOUT'], 4000);
    expect(done.exitCode).toBe(137);
    expect(done.cpuSeconds).not.toBeNull();
  });

  it('cancels a running job (its whole process group) and a pending one', async () => {
    const s = await start({ cpuSlots: 1 });
    const first = await s.submitJob(alice, job('sleep 30'));
    const second = await s.submitJob(alice, job('sleep 30'));
    await waitFor(s, first.jobId, ['RUNNING']);
    expect((await s.getJob(alice, second.jobId)).state).toBe('PENDING');
    await s.cancelJob(alice, second.jobId);
    expect((await s.getJob(alice, second.jobId)).state).toBe('CANCELLED');
    const started = Date.now();
    await s.cancelJob(alice, first.jobId);
    expect(Date.now() - started).toBeLessThan(1000);
    const cancelled = await s.getJob(alice, first.jobId);
    expect(cancelled).toMatchObject({ state: 'CANCELLED', exitCode: 143 });
    await expect(s.cancelJob(alice, first.jobId)).resolves.toBeUndefined(); // finished: a no-op
  });

  it('cancels jobs caught at any point of starting', async () => {
    const s = await start({ cpuSlots: 2 });
    for (let i = 0; i < 10; i++) {
      const { jobId } = await s.submitJob(alice, job('sleep 30'));
      if (i % 2) await new Promise((resolve) => setTimeout(resolve, i * 3));
      await s.cancelJob(alice, jobId);
      const cancelled = await s.getJob(alice, jobId);
      expect(cancelled.state).toBe('CANCELLED');
      // 143: SIGTERM; 137: SIGKILL when a loaded machine let the 500 ms grace pass first
      expect([null, 143, 137]).toContain(cancelled.exitCode);
    }
    expect((await s.listNodes(alice))[0]!.cpusAlloc).toBe(0);
  });

  it('refuses to cancel another account’s job (1403) and an unknown one (1404)', async () => {
    const s = await start();
    const { jobId } = await s.submitJob(alice, job('sleep 0.2'));
    await expect(s.cancelJob(bob, jobId)).rejects.toMatchObject({ code: 1403 });
    await expect(s.cancelJob(alice, '999')).rejects.toMatchObject({ code: 1404 });
    expect((await s.getJob(bob, jobId)).script).toBeUndefined();
    expect((await s.getJob(alice, jobId)).script).toBe('sleep 0.2');
    await waitFor(s, jobId, ['COMPLETED']);
  });

  it('keeps the third one-CPU job PENDING while two slots are busy', async () => {
    const s = await start({ cpuSlots: 2 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await s.submitJob(alice, job('sleep 1'))).jobId);
    const [a, b, c] = ids as [string, string, string];
    await waitFor(s, a, ['RUNNING']);
    await waitFor(s, b, ['RUNNING']);
    const third = await s.getJob(alice, c);
    expect(third).toMatchObject({ state: 'PENDING', reason: 'Resources' });
    expect((await s.listNodes(alice))[0]).toMatchObject({ state: 'allocated', cpusTotal: 2, cpusAlloc: 2 });
    const [aDone, bDone] = [await waitFor(s, a, ['COMPLETED']), await waitFor(s, b, ['COMPLETED'])];
    const thirdDone = await waitFor(s, c, ['COMPLETED']);
    // whichever of the two ends first frees the slot (under load b may end before a)
    const firstEnd = Math.min(aDone.endTime!.getTime(), bDone.endTime!.getTime());
    expect(thirdDone.startTime!.getTime()).toBeGreaterThanOrEqual(firstEnd);
  });

  it('measures the CPU time of a CPU-busy job, children included', async () => {
    const s = await start();
    // a fixed amount of work, so a loaded machine stretches the wall time but not the CPU time; the same
    // loop run directly (bash's `times`: the shell's own user and system time) is what the job must account
    const busy = 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done';
    const direct = spawnSync('bash', ['-c', `${busy}; times`], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '';
    const directCpu = [...direct.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, sec]) => sum + Number(m) * 60 + Number(sec), 0);
    expect(directCpu).toBeGreaterThan(0.2);
    const { jobId } = await s.submitJob(alice, job(`bash -c '${busy}'`));
    const done = await waitFor(s, jobId, ['COMPLETED'], 30_000);
    const elapsed = (done.endTime!.getTime() - done.startTime!.getTime()) / 1000;
    expect(done.cpuSeconds).toBeGreaterThan(directCpu * 0.6);
    expect(done.cpuSeconds).toBeLessThanOrEqual(elapsed + 0.1);
  });

  it('refuses working directories outside the home (1400) and runs in one inside it', async () => {
    const s = await start();
    const home = path.join(dataDir, 'homes', 'alice');
    await mkdir(path.join(home, 'project'), { recursive: true });
    await mkdir(path.join(dataDir, 'homes', 'bob'), { recursive: true });
    await symlink('/etc', path.join(home, 'escape'));
    await symlink(path.join(dataDir, 'homes', 'bob'), path.join(home, 'to-bob'));
    for (const workingDirectory of ['../..', '../bob', '/etc', '/tmp', 'escape', 'to-bob', 'missing'])
      await expect(s.submitJob(alice, job('pwd', { workingDirectory }))).rejects.toMatchObject({ code: 1400 });
    const { jobId } = await s.submitJob(alice, job('pwd', { workingDirectory: 'project' }));
    const done = await waitFor(s, jobId, ['COMPLETED']);
    expect((await readFile(done.stdoutPath, 'utf8')).trim()).toBe(done.workingDirectory);
    expect(done.workingDirectory.endsWith(path.join('homes', 'alice', 'project'))).toBe(true);
  });

  it('rejects bad input with 1400 before anything runs', async () => {
    const s = await start();
    await expect(s.getJob(alice, '1; rm -rf /')).rejects.toMatchObject({ code: 1400 });
    await expect(s.submitJob({ kind: 'user', account: 'alice;id' }, job('true'))).rejects.toMatchObject({ code: 1400 });
    for (const account of ['../bob', '..', '.', '-rf', 'a/b', 'alice\n'])
      await expect(s.submitJob({ kind: 'user', account }, job('true'))).rejects.toMatchObject({ code: 1400 });
    await expect(s.submitJob(admin, job('true'))).rejects.toMatchObject({ code: 1400 });
    await expect(s.submitJob(alice, job('true', { partition: 'gpu' }))).rejects.toMatchObject({ code: 1400 });
    await expect(s.submitJob(alice, job('true', { partition: 'a b' }))).rejects.toMatchObject({ code: 1400 });
    await expect(s.submitJob(alice, job('true', { cpus: 3 }))).rejects.toMatchObject({ code: 1400 });
    await expect(s.submitJob(alice, job('true', { env: { 'A=B': 'x' } }))).rejects.toMatchObject({ code: 1400 });
    await expect(s.listJobs(alice, { users: ['$(id)'] })).rejects.toMatchObject({ code: 1400 });
    expect(await s.listJobs(admin)).toEqual([]);
  });

  it('lists active and recently finished jobs, and with `since` only the ones changed since', async () => {
    const s = await start();
    const before = new Date();
    const { jobId } = await s.submitJob(alice, job('true'));
    await waitFor(s, jobId, ['COMPLETED']);
    const other = await s.submitJob(bob, job('sleep 0.2'));
    expect((await s.listJobs(admin)).map((j) => j.jobId)).toEqual([jobId, other.jobId]);
    expect((await s.listJobs(alice, { users: ['bob'] })).map((j) => j.jobId)).toEqual([other.jobId]);
    expect((await s.listJobs(admin, { since: before })).map((j) => j.jobId)).toContain(jobId);
    await waitFor(s, other.jobId, ['COMPLETED']);
    const afterBoth = new Date();
    expect(await s.listJobs(admin, { since: afterBoth })).toEqual([]);
    const finished = await s.listFinishedJobs(admin, { startTime: before });
    expect(finished.map((j) => j.jobId)).toEqual([jobId, other.jobId]);
    expect(await s.listFinishedJobs(admin, { startTime: before, users: ['bob'] })).toHaveLength(1);
  });

  it('after a restart, fails a RUNNING job whose process is gone and runs the PENDING ones', async () => {
    const gone = spawnSync('/bin/true');
    const now = new Date();
    const home = path.join(dataDir, 'homes', 'alice');
    await mkdir(home, { recursive: true });
    const base = {
      name: 'before-restart',
      account: 'alice',
      partition: 'local',
      reason: null,
      script: 'true',
      cpus: 1,
      timeLimitMinutes: 5,
      workingDirectory: home,
      env: {},
      submitTime: now,
      endTime: null,
      exitCode: null,
      cpuSeconds: null,
      updatedAt: now,
    } satisfies Partial<LocalJobRecord>;
    const store = new MemoryJobStore([
      { ...base, jobId: 7, state: 'RUNNING', startTime: now, pid: gone.pid, pidStartTicks: 1 },
      { ...base, jobId: 8, state: 'PENDING', startTime: null, pid: null, pidStartTicks: null },
    ]);
    const s = await start({ store });
    expect(await s.getJob(admin, '7')).toMatchObject({ state: 'FAILED', exitCode: null });
    expect((await s.getJob(admin, '7')).reason).toMatch(/restarted/);
    await waitFor(s, '8', ['COMPLETED']);
    expect((await s.submitJob(alice, job('true'))).jobId).toBe('9');
  });

  it('re-adopts a job still running after a restart and records how it ended', async () => {
    const store = new MemoryJobStore();
    const first = await start({ store });
    const { jobId } = await first.submitJob(alice, job('sleep 1; echo finished'));
    await waitFor(first, jobId, ['RUNNING']);
    await first.close(); // the job keeps running, as it would through a server restart
    const second = await start({ store });
    expect((await second.getJob(admin, jobId)).state).toBe('RUNNING');
    const done = await waitFor(second, jobId, ['COMPLETED']);
    expect(done.exitCode).toBe(0);
    expect(await readFile(done.stdoutPath, 'utf8')).toBe('finished\n');
  });
});
