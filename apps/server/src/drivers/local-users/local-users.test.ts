import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobState, SchedulerIdentity, SchedulerJob } from '../scheduler/interface';
import { MemoryJobStore } from '../scheduler/local/job-store';
import { createLocalScheduler, type LocalScheduler } from '../scheduler/local/local-scheduler';
import { closedAncestors } from './homes';
import { createLocalUsers, unixNameOf } from './unix-users';

describe('unixNameOf', () => {
  it('keeps short lowercase accounts readable and hashes the rest into a form no account can take', () => {
    expect(unixNameOf('sl-', 'alice_lab_x')).toBe('sl-alice_lab_x');
    const upper = unixNameOf('sl-', 'Alice_lab_x');
    expect(upper).toMatch(/^sl--[0-9a-f]{28}$/);
    expect(upper).not.toBe(unixNameOf('sl-', 'alice_lab_x'));
    expect(unixNameOf('sl-', `a_${'b'.repeat(40)}_c`)).toHaveLength(32);
  });
});

describe('closedAncestors', () => {
  it('names the folders above a data directory that others cannot pass through', async () => {
    const outer = await realpath(await mkdtemp(path.join(os.tmpdir(), 'starlight-closed-'))); // 0700
    try {
      expect(await closedAncestors(path.join(outer, 'data'))).toContain(outer);
      expect(await closedAncestors(path.join(os.tmpdir(), 'x', 'data'))).not.toContain(os.tmpdir());
    } finally {
      await rm(outer, { recursive: true, force: true });
    }
  });
});

/*
 * The local queue with dedicated users, on real processes and real useradd (root only; CI is root).
 * The users share this run's prefix and are removed at the end (test/unix-users-setup.ts).
 */
const root = process.getuid?.() === 0;
const admin: SchedulerIdentity = { kind: 'admin' };
const alice: SchedulerIdentity = { kind: 'user', account: 'alice_lab_q' };
const prefix = process.env.STARLIGHT_TEST_UNIX_PREFIX ?? 'slt0-';

describe.runIf(root)('local queue with dedicated Unix users', () => {
  let dataDir: string;
  let scheduler: LocalScheduler;
  const users = createLocalUsers({ prefix, uidMin: 50_000, uidMax: 59_999 });
  beforeEach(async () => {
    dataDir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'starlight-lu-')));
    scheduler = await createLocalScheduler({ dataDir, store: new MemoryJobStore(), cpuSlots: 2, killGraceMs: 500, msPerMinute: 1000, users });
  });
  afterEach(async () => {
    await scheduler.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function waitFor(jobId: string, states: JobState[], timeoutMs = 8000): Promise<SchedulerJob> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await scheduler.getJob(admin, jobId);
      if (states.includes(current.state)) return current;
      if (Date.now() > deadline) throw new Error(`job ${jobId} is ${current.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('ends a job over its time limit as TIMEOUT, its processes gone, as with the shared user', async () => {
    const { jobId } = await scheduler.submitJob(alice, { name: 't', script: 'id -un; sleep 30 & wait', timeLimitMinutes: 1 });
    const done = await waitFor(jobId, ['TIMEOUT']);
    expect(done.exitCode).toBe(143);
    expect(await readFile(done.stdoutPath, 'utf8')).toBe(`${unixNameOf(prefix, 'alice_lab_q')}\n`);
    const name = unixNameOf(prefix, 'alice_lab_q');
    // ps exits 1 when nothing matches: no process of the user is left once the group's signals land
    // (the wrapper reports TIMEOUT as it goes; its children may take a moment longer, never past the kill grace)
    const psLeft = () => spawnSync('ps', ['-u', name, '-o', 'pid='], { encoding: 'utf8' });
    let left = psLeft();
    for (const end = Date.now() + 2_000; left.status !== 1 && Date.now() < end; left = psLeft()) await new Promise((resolve) => setTimeout(resolve, 100));
    expect([left.status, left.stdout.trim()]).toEqual([1, '']);
  });

  it('opens the output as the user: a link planted under its name never makes root write through it', async () => {
    const target = path.join(dataDir, 'root-only.txt');
    await writeFile(target, 'root data\n', { mode: 0o644 });
    const home = path.join(dataDir, 'homes', 'alice_lab_q');
    await scheduler.ensureUserAccount('alice_lab_q');
    // job ids start at 1 in a fresh store
    await symlink(target, path.join(home, 'slurm-1.out'));
    const { jobId } = await scheduler.submitJob(alice, { name: 'x', script: 'echo overwritten' });
    expect(jobId).toBe('1');
    const done = await waitFor(jobId, ['FAILED', 'COMPLETED']);
    expect(done.state).toBe('FAILED');
    expect(await readFile(target, 'utf8')).toBe('root data\n');
    expect((await stat(target)).uid).toBe(0);
  });
});
