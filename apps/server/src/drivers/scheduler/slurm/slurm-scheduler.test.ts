import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobState, SchedulerIdentity, SchedulerJob, SubmitJobInput } from '../interface';
import { loadJwtKey } from './jwt';
import { createSlurmScheduler, type SlurmScheduler } from './slurm-scheduler';

/*
 * Runs against a real Slurm 22.05 (slurmctld, slurmdbd, slurmrestd with JWT), as brought up by
 *   eval "$(sudo bash scripts/services/slurm-up.sh)"
 * which exports SLURMRESTD_URL and SLURM_JWT_KEY_FILE. Without them the suite is skipped locally and
 * fails in CI. The bob-side setup uses the CLI through runuser, so that part needs root.
 */
const restUrl = process.env.SLURMRESTD_URL;
const keyFile = process.env.SLURM_JWT_KEY_FILE;
const available = Boolean(restUrl && keyFile);
const isRoot = process.getuid?.() === 0;

if (!available) {
  if (process.env.CI === 'true')
    describe('slurm driver', () =>
      it('has a real Slurm to test against', () => {
        throw new Error('SLURMRESTD_URL and SLURM_JWT_KEY_FILE are unset in CI: run scripts/services-up.sh first');
      }));
  else console.warn('slurm driver tests skipped: SLURMRESTD_URL / SLURM_JWT_KEY_FILE unset (run slurm-up.sh)');
}

const alice: SchedulerIdentity = { kind: 'user', account: 'alice' };
const admin: SchedulerIdentity = { kind: 'admin' };
const job = (script: string, extra: Partial<SubmitJobInput> = {}): SubmitJobInput => ({
  name: 'starlight-test',
  script,
  partition: 'debug',
  workingDirectory: '/home/alice',
  env: { PATH: '/usr/bin:/bin' },
  ...extra,
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const waitForState = (s: SlurmScheduler, jobId: string, states: JobState[]): Promise<SchedulerJob> =>
  waitFor(`job ${jobId} to be ${states.join('|')}`, async () => {
    const current = await s.getJob(admin, jobId);
    return states.includes(current.state) ? current : undefined;
  });

describe.skipIf(!available)('slurm driver (real slurmrestd 22.05)', () => {
  let slurm: SlurmScheduler;
  const submitted: string[] = [];

  beforeAll(async () => {
    slurm = createSlurmScheduler({ restUrl: restUrl!, jwtKey: await loadJwtKey({ file: keyFile! }) });
  });
  afterAll(async () => {
    for (const jobId of submitted) {
      await slurm.cancelJob(admin, jobId).catch(() => undefined);
      // Keep alice's home on the shared dev cluster free of test output.
      if (isRoot) for (const ext of ['out', 'err']) await rm(`/home/alice/slurm-${jobId}.${ext}`, { force: true });
    }
  });

  const submit = async (identity: SchedulerIdentity, input: SubmitJobInput): Promise<string> => {
    const { jobId, warnings } = await slurm.submitJob(identity, input);
    submitted.push(jobId);
    expect(warnings).toEqual([]);
    return jobId;
  };

  it('discovers the newest API version slurmrestd offers', async () => {
    expect(await slurm.apiVersions()).toEqual({ slurm: 'v0.0.38', slurmdb: 'v0.0.38' });
  });

  it('submits as alice: the job runs as alice, is listed, completes and writes its output', async () => {
    const since = new Date(Date.now() - 1000);
    const jobId = await submit(alice, job('sleep 1; echo hi'));
    const listed = await slurm.listJobs(alice);
    expect(listed.find((j) => j.jobId === jobId)).toMatchObject({ user: 'alice', partition: 'debug', name: 'starlight-test' });
    expect((await slurm.listJobs(alice, { since })).map((j) => j.jobId)).toContain(jobId);
    const done = await waitForState(slurm, jobId, ['COMPLETED']);
    expect(done).toMatchObject({ user: 'alice', account: 'research', exitCode: 0, nodes: ['node01'], cpus: 1 });
    expect(done.stdoutPath).toBe(`/home/alice/slurm-${jobId}.out`);
    if (isRoot) expect(await readFile(done.stdoutPath, 'utf8')).toBe('hi\n');
  });

  it('answers `since` in the future with nothing (slurmrestd 304)', async () => {
    expect(await slurm.listJobs(alice, { since: new Date(Date.now() + 3_600_000) })).toEqual([]);
  });

  it('records a failing script as FAILED with its exit code', async () => {
    const jobId = await submit(alice, job('exit 3'));
    expect(await waitForState(slurm, jobId, ['FAILED'])).toMatchObject({ exitCode: 3 });
  });

  it('cancels alice’s running job as alice', async () => {
    const jobId = await submit(alice, job('sleep 30'));
    await waitForState(slurm, jobId, ['RUNNING']);
    await slurm.cancelJob(alice, jobId);
    await waitForState(slurm, jobId, ['CANCELLED']);
  });

  it.skipIf(!isRoot)('shows bob’s job to alice but Slurm refuses her cancel (1403); the admin identity may', async () => {
    const { stdout } = await promisify(execFile)('runuser', [
      ...['-u', 'bob', '--', 'env', '-i', 'PATH=/usr/bin:/bin', 'HOME=/home/bob'],
      ...['sbatch', '--parsable', '-p', 'debug', '-D', '/home/bob', '-J', 'starlight-test-bob', '-o', '/dev/null'],
      ...['--wrap', 'sleep 30'],
    ]);
    const jobId = stdout.trim();
    submitted.push(jobId);
    expect(jobId).toMatch(/^\d+$/);
    const seen = (await slurm.listJobs(alice, { users: ['bob'] })).find((j) => j.jobId === jobId);
    expect(seen).toMatchObject({ user: 'bob', name: 'starlight-test-bob' });
    await expect(slurm.cancelJob(alice, jobId)).rejects.toMatchObject({ code: 1403, info: expect.stringMatching(/alice/) });
    await slurm.cancelJob(admin, jobId);
    await waitForState(slurm, jobId, ['CANCELLED']);
  });

  it('lists the nodes and both partitions', async () => {
    const nodes = await slurm.listNodes(alice);
    expect(nodes[0]).toMatchObject({ name: 'node01', partitions: ['debug', 'long'] });
    expect(nodes[0]!.cpusTotal).toBeGreaterThan(0);
    const partitions = await slurm.listPartitions(alice);
    expect(partitions).toEqual([
      expect.objectContaining({ name: 'debug', state: 'UP', isDefault: true, maxTimeMinutes: 60, totalNodes: 1 }),
      expect.objectContaining({ name: 'long', state: 'UP', isDefault: false, maxTimeMinutes: 7 * 24 * 60 }),
    ]);
  });

  // a fixed amount of work (about 1 s of CPU), not a fixed wall time, so a loaded machine still burns it all
  it('reads finished jobs and their CPU time from slurmdbd', async () => {
    const startTime = new Date(Date.now() - 1000);
    const jobId = await submit(alice, job('i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done; echo burnt'));
    await waitForState(slurm, jobId, ['COMPLETED']);
    const finished = await waitFor('the job in accounting', async () => {
      const jobs = await slurm.listFinishedJobs(alice, { startTime, users: ['alice'] });
      return jobs.find((j) => j.jobId === jobId && (j.cpuSeconds ?? 0) > 0);
    });
    expect(finished).toMatchObject({ state: 'COMPLETED', user: 'alice', exitCode: 0, workingDirectory: '/home/alice' });
    expect(finished.cpuSeconds).toBeGreaterThan(0.5);
    expect(finished.coreSeconds).toBeGreaterThanOrEqual(1);
  });

  it('maps Slurm’s refusals and unknown jobs to contract codes', async () => {
    await expect(slurm.getJob(alice, '99999999')).rejects.toMatchObject({ code: 1404 });
    await expect(slurm.submitJob(alice, job('true', { partition: 'nosuch' }))).rejects.toMatchObject({ code: 1400 });
    await expect(slurm.submitJob(alice, job('true', { workingDirectory: 'relative' }))).rejects.toMatchObject({ code: 1400 });
    await expect(slurm.getJob(alice, '1;id')).rejects.toMatchObject({ code: 1400 });
    await expect(slurm.submitJob(alice, job('true', { partition: 'debug;id' }))).rejects.toMatchObject({ code: 1400 });
    await expect(slurm.listNodes({ kind: 'user', account: 'alice bob' })).rejects.toMatchObject({ code: 1400 });
  });

  it('reports a token signed with the wrong key as 1502 “refused the token”', async () => {
    const wrong = createSlurmScheduler({ restUrl: restUrl!, jwtKey: randomBytes(32) });
    await expect(wrong.listJobs(alice)).rejects.toMatchObject({
      code: 1502,
      info: expect.stringMatching(/^slurmrestd refused the token for alice/),
    });
    await expect(wrong.listFinishedJobs(alice, { startTime: new Date(0) })).rejects.toMatchObject({
      code: 1502,
      info: expect.stringMatching(/refused the token/),
    });
  });
});

describe('slurm driver transport failures', () => {
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    silent = createServer((socket) => sockets.add(socket)); // accepts and never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('reports an unreachable slurmrestd as 1502', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = createSlurmScheduler({ restUrl: `http://127.0.0.1:${port}`, jwtKey: randomBytes(32) });
    await expect(down.listPartitions(alice)).rejects.toMatchObject({
      code: 1502,
      info: `slurmrestd unreachable at http://127.0.0.1:${port}: ECONNREFUSED`,
    });
  });

  it('gives up on a slurmrestd that does not answer (1502)', async () => {
    const hung = createSlurmScheduler({ restUrl: `http://127.0.0.1:${silentPort}`, jwtKey: randomBytes(32), timeoutMs: 300 });
    await expect(hung.listNodes(alice)).rejects.toMatchObject({ code: 1502, info: expect.stringMatching(/did not answer within 0.3 s/) });
  });
});
