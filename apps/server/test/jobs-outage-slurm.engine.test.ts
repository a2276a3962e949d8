import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '@starlight/contract/hpc';
import type { List } from '@starlight/contract/envelope';
import type { Job, JobList } from '@starlight/contract/jobs';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call, holdRealSlurmDuringSuite, realSlurmSettings, slurmSshEnvNames, waitForJob } from './hpc-helpers';

/*
 * Issue 26 on the real Slurm 22.05 (scripts/services/slurm-up.sh): jobs slurmctld forgets (MinJobAge after
 * they end) while no list synchronises are settled from slurmdbd; while slurmctld is stopped (SIGSTOP: it
 * accepts connections and never answers, as a hung controller does) calls answer 1502 at once. Jobs are made
 * with sbatch as the cluster's test user alice (slurm-up.sh gives it an association) and read as the admin.
 */
const run = promisify(execFile);
const env = process.env;
const missing = slurmSshEnvNames.filter((name) => !env[name]);
const reason = missing.length > 0 ? `missing ${missing.join(', ')}` : process.getuid?.() !== 0 ? 'not root (runuser and signals to slurmctld need it)' : null;
if (reason && env.CI === 'true') throw new Error(`the Slurm outage suite cannot run in CI: ${reason}`);
if (reason) console.warn(`[jobs-outage-slurm] skipped: ${reason} — run eval "$(bash scripts/services-up.sh)" as root`);

const slurmctldPidFile = '/run/slurm/slurmctld.pid';
const allJobs = '/job/jobs/all';

async function sbatch(...args: string[]): Promise<string> {
  const { stdout } = await run('runuser', ['-u', 'alice', '--', 'sbatch', '--parsable', '-p', 'debug', '-D', '/tmp', '-o', '/dev/null', '-t', '5', ...args]);
  return stdout.trim().split(';')[0]!;
}

/** Whether slurmctld still holds the job (it forgets it MinJobAge after the end, at its next purge). */
const controllerKnows = (id: string) =>
  run('scontrol', ['show', 'job', id]).then(
    () => true,
    () => false,
  );

/** sacct's End and state of a job, as accounting recorded them. */
async function accounted(id: string): Promise<{ state: string; end: string }> {
  const { stdout } = await run('sacct', ['-X', '-n', '-P', '-j', id, '-o', 'state,end']);
  const [state = '', end = ''] = stdout.trim().split('|');
  return { state: state.split(' ')[0]!, end };
}

/**
 * Stops slurmctld by its pid for `work`, and always lets it go on again: in a finally, and from a detached
 * watchdog should this process die before that (other suites and helpers use this Slurm).
 */
async function withSlurmctldStopped<T>(work: () => Promise<T>, maxMs = 90_000): Promise<T> {
  const pid = Number((await readFile(slurmctldPidFile, 'utf8')).trim());
  expect(pid).toBeGreaterThan(1);
  const watchdog = spawn('sh', ['-c', `sleep ${Math.ceil(maxMs / 1000)}; kill -CONT ${pid}`], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  process.kill(pid, 'SIGSTOP');
  try {
    return await work();
  } finally {
    process.kill(pid, 'SIGCONT');
    try {
      if (watchdog.pid) process.kill(-watchdog.pid, 'SIGKILL');
    } catch {
      // the watchdog already ran
    }
  }
}

async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work;
  return { ms: performance.now() - t0, value };
}

describe.skipIf(reason !== null)('jobs when slurmctld forgets them or stops (real Slurm)', { timeout: 120_000 }, () => {
  holdRealSlurmDuringSuite();
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let bound: string; // demo-bound: its account is bound in the demo seed
  const started: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-jobs-outage-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'info' } });
    [admin, bound] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-bound', demoPassword)]);
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, { name: 'devcluster', driver: 'slurm', settings: realSlurmSettings() });
    expect(created.code).toBe(200);
    const granted = await call(t.app, 'POST', '/kcluster/partition_quota', admin, { cluster_name: 'devcluster', partition_name: 'debug', group_name: 'demo-lab' });
    expect(granted.code).toBe(200);
  });
  afterAll(async () => {
    for (const id of started) await run('scancel', [id]).catch(() => undefined);
    // the grant gave the demo seed's bound accounts Slurm associations
    for (const seeded of ['demo_lab_bound', 'demo_lab_gadmin']) await run('sacctmgr', ['-i', 'delete', 'user', 'where', `name=${seeded}`]).catch(() => undefined);
    if (t) await stopTestApp(t);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('settles from accounting the jobs slurmctld forgot while nothing listed, without opening them', async () => {
    const minJobAge = Number(/MinJobAge\s*=\s*(\d+)/.exec((await run('scontrol', ['show', 'config'])).stdout)?.[1]);
    expect(minJobAge).toBeGreaterThan(0);
    const [a, b, held] = [await sbatch('--wrap', 'sleep 5'), await sbatch('--wrap', 'sleep 5'), await sbatch('--hold', '--wrap', 'true')];
    started.push(a, b, held);
    await waitForJob(t.app, admin, allJobs, a, (j) => j.state === 'RUNNING');
    await waitForJob(t.app, admin, allJobs, b, (j) => j.state === 'RUNNING');
    await waitForJob(t.app, admin, allJobs, held, (j) => j.state === 'PENDING');
    await run('scancel', [held]);
    // no list from here on: slurmctld forgets the three MinJobAge after their end (at its purge, ≤ 1 min later)
    const until = Date.now() + (minJobAge + 150) * 1000;
    while ((await controllerKnows(a)) || (await controllerKnows(b)) || (await controllerKnows(held))) {
      if (Date.now() > until) throw new Error(`slurmctld still holds ${a}, ${b} or ${held} ${minJobAge + 150} s on`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const { ms, value: listed } = await timed(call<List<Job>>(t.app, 'GET', `${allJobs}?page_size=100&field_eq_cluster=devcluster`, admin));
    const byId = new Map(listed.spec.list.map((job) => [job.job_id, job]));
    for (const id of [a, b]) {
      const truth = await accounted(id);
      expect(truth.state).toBe('COMPLETED');
      expect(byId.get(id)).toMatchObject({ state: 'COMPLETED', exit_code: 0 });
      expect(new Date(byId.get(id)!.end_time!).getTime()).toBe(new Date(truth.end).getTime());
    }
    expect(byId.get(held)).toMatchObject({ state: 'CANCELLED' });
    expect(byId.get(held)!.end_time).not.toBeNull();
    expect(ms).toBeLessThan(1_600); // the list waited for the settle (maxWaitMs), no longer
  }, 600_000);

  it('answers 1502 at once while slurmctld is stopped, logs the outage in two lines and sees the recovery alone', async () => {
    const job = await sbatch('--wrap', 'sleep 300');
    started.push(job);
    await waitForJob(t.app, admin, allJobs, job, (j) => j.state === 'RUNNING');
    const submitBody = { cluster: 'devcluster', partition: 'debug', name: 'during-outage', script: 'true', cpus: 1, working_directory: '/tmp' };
    const submit = () => timed(call(t.app, 'POST', '/job/jobs', bound, submitBody));
    const from = t.logs().length;
    let listsDuringOutage = 0;
    await withSlurmctldStopped(async () => {
      // known down within one probe period (5 s) and the probe's timeout (2 s); from then on at once
      const giveUp = Date.now() + 40_000;
      let refused = await submit();
      while (!(refused.value.code === 1502 && refused.ms < 1_000)) {
        if (Date.now() > giveUp) throw new Error(`no fast 1502 while slurmctld is stopped: ${JSON.stringify(refused)}`);
        await new Promise((r) => setTimeout(r, 500));
        refused = await submit();
      }
      expect(refused.value.info).toMatch(/Slurm controller .* is unreachable since/);
      // lists keep answering from the copy, about twice a second as a page does
      for (let i = 0; i < 10; i++, listsDuringOutage++) {
        const listed = await timed(call<JobList>(t.app, 'GET', `${allJobs}?page_size=100`, admin));
        expect(listed.value.code).toBe(200);
        expect(listed.ms).toBeLessThan(1_000);
        // the copy is served, and the list says which scheduler did not answer
        expect(listed.value.spec.unreachable).toEqual([{ cluster: 'devcluster', reason: expect.stringMatching(/unreachable/), since: expect.any(String) }]);
        expect(listed.value.spec.list.find((j) => j.job_id === job)?.state).toBe('RUNNING');
        await new Promise((r) => setTimeout(r, 500));
      }
      const detail = await timed(call<Job>(t.app, 'GET', `/job/job/devcluster/${job}`, admin));
      expect(detail.value).toMatchObject({ code: 200, spec: { state: 'RUNNING' } });
      expect(detail.ms).toBeLessThan(1_500);
    });
    // no request for a while: the probe alone notices slurmctld is back
    await new Promise((r) => setTimeout(r, 6_000));
    const after = await submit();
    expect(after.value.info ?? '').not.toMatch(/unreachable/);
    await waitForJob(t.app, admin, allJobs, job, (j) => j.state === 'RUNNING');
    expect((await call<JobList>(t.app, 'GET', allJobs, admin)).spec.unreachable).toBeUndefined();
    const lines = t.logs().slice(from);
    // one warning when the syncs started failing, one line when they work again, nothing in between (nor from the
    // partitions a submit reads: their outage is logged the same way, at most once)
    const warnings = lines.filter((line) => Number(line.level) >= 40).map((line) => String(line.msg));
    const syncDown = /^syncing the jobs of cluster devcluster failed; further failures are counted/;
    const partitionsDown = /^listing the partitions of cluster devcluster failed; further failures are counted/;
    expect(warnings.filter((m) => syncDown.test(m))).toHaveLength(1);
    expect(warnings.filter((m) => partitionsDown.test(m)).length).toBeLessThanOrEqual(1);
    expect(warnings.filter((m) => !syncDown.test(m) && !partitionsDown.test(m))).toEqual([]);
    const back = lines.filter((line) => /^syncing the jobs .* works again after/.test(String(line.msg))).map((line) => String(line.msg));
    expect(back).toEqual([expect.stringMatching(/^syncing the jobs of cluster devcluster works again after \d+ s \(\d+ failed attempts\)$/)]);
    expect(Number(/\((\d+) failed attempts/.exec(back[0]!)![1])).toBeGreaterThanOrEqual(listsDuringOutage);
  }, 120_000);
});
