import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobState, SchedulerIdentity, SchedulerJob } from '../scheduler/interface';
import { MemoryJobStore } from '../scheduler/local/job-store';
import { createLocalScheduler, type LocalScheduler } from '../scheduler/local/local-scheduler';
import { closedAncestors } from './homes';
import { installIdentity, type InstallIdentity } from './install';
import { createLocalUsers, installTagsInUse, markerOf, oldMarkerOf, unixNameOf } from './unix-users';

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
const bob: SchedulerIdentity = { kind: 'user', account: 'bob_lab_q' };
const prefix = process.env.STARLIGHT_TEST_UNIX_PREFIX ?? 'slt0-';

describe.runIf(root)('local queue with dedicated Unix users', () => {
  let dataDir: string;
  let scheduler: LocalScheduler;
  const install: InstallIdentity = { id: randomBytes(16).toString('hex'), tag: randomBytes(2).toString('hex'), upgraded: false };
  const users = createLocalUsers({ prefix, uidMin: 50_000, uidMax: 59_999 }, { install, homesDir: '/nonexistent' });
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
    const name = unixNameOf(users.namePrefix, 'alice_lab_q');
    expect(name).toBe(`${prefix}${install.tag}-alice_lab_q`);
    expect(await readFile(done.stdoutPath, 'utf8')).toBe(`${name}\n`);
    // ps exits 1 when nothing matches: no process of the user is left once the group's signals land
    // (the wrapper reports TIMEOUT as it goes; its children may take a moment longer, never past the kill grace)
    const psLeft = () => spawnSync('ps', ['-u', name, '-o', 'pid='], { encoding: 'utf8' });
    let left = psLeft();
    for (const end = Date.now() + 2_000; left.status !== 1 && Date.now() < end; left = psLeft()) await new Promise((resolve) => setTimeout(resolve, 100));
    expect([left.status, left.stdout.trim()]).toEqual([1, '']);
  });

  it("runs the job in its own PID namespace: ps shows its own processes, never another account's or the server's", async () => {
    const marker = `sl-marker-${randomBytes(4).toString('hex')}`;
    // another Unix user's process on the host, and another account's job, each with a recognisable command line
    const nobody = spawn('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', '/bin/bash', '-c', 'sleep 30; :', `${marker}-nobody`], { stdio: 'ignore' });
    // (`; :` keeps bash from exec'ing sleep, which would drop the marker from the command line)
    const bobJob = await scheduler.submitJob(bob, { name: 'b', script: `bash -c 'sleep 30; :' ${marker}-bob` });
    try {
      await waitFor(bobJob.jobId, ['RUNNING']);
      const onHost = () => spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
      for (const end = Date.now() + 5000; !onHost().includes(`${marker}-bob`) && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(onHost()).toContain(`${marker}-bob`);
      expect(onHost()).toContain(`${marker}-nobody`);
      const script = [
        `bash -c 'sleep 30; :' ${marker}-alice &`,
        'sleep 0.3',
        'ps -eo pid,user,args',
        `cat /proc/${nobody.pid}/cmdline || echo no-such-process`,
        `cat /proc/${process.pid}/cmdline || echo no-server-process`,
        'echo "processes=$(ls /proc | grep -c "^[0-9]*$")"',
        'kill %1',
      ].join('\n');
      const { jobId } = await scheduler.submitJob(alice, { name: 'ps', script });
      const done = await waitFor(jobId, ['COMPLETED', 'FAILED']);
      const out = await readFile(done.stdoutPath, 'utf8');
      expect(out).toContain(`${marker}-alice`); // its own processes: yes
      expect(out).not.toContain(`${marker}-bob`);
      expect(out).not.toContain(`${marker}-nobody`);
      expect(out).not.toContain(spawnSync('ps', ['-o', 'args=', '-p', String(process.pid)], { encoding: 'utf8' }).stdout.trim()); // the server's
      expect(out).toContain('no-such-process');
      expect(out).toContain('no-server-process');
      expect(Number(/processes=(\d+)/.exec(out)?.[1])).toBeLessThan(10);
      expect(done).toMatchObject({ state: 'COMPLETED', exitCode: 0 });
    } finally {
      nobody.kill('SIGKILL');
      await scheduler.cancelJob(bob, bobJob.jobId);
    }
  });

  it('keeps exit codes, cancel and the end of the job working: whatever left the group goes too', async () => {
    const failed = await scheduler.submitJob(alice, { name: 'f', script: 'echo bad >&2\nexit 3' });
    expect(await waitFor(failed.jobId, ['FAILED'])).toMatchObject({ exitCode: 3, reason: 'NonZeroExitCode' });
    const marker = `sl-escapee-${randomBytes(4).toString('hex')}`;
    // setsid: a process in a session and group of its own, which the group's signals never reach
    const { jobId } = await scheduler.submitJob(alice, { name: 'c', script: `setsid bash -c 'sleep 60; :' ${marker} &\nsleep 60` });
    const onHost = () => spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout.split('\n').filter((line) => line.includes(marker));
    try {
      await waitFor(jobId, ['RUNNING']);
      for (const end = Date.now() + 5000; onHost().length === 0 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(onHost()).toHaveLength(1);
      await scheduler.cancelJob(alice, jobId);
      expect(await scheduler.getJob(admin, jobId)).toMatchObject({ state: 'CANCELLED', exitCode: 143 });
      for (const end = Date.now() + 2000; onHost().length > 0 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(onHost()).toEqual([]);
    } finally {
      await scheduler.cancelJob(alice, jobId);
      for (const line of onHost()) process.kill(Number.parseInt(line, 10), 'SIGKILL');
    }
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

describe('installIdentity', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-install-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes one identity on the first start, even when instances start together, and keeps it', async () => {
    const none = async () => new Set<string>();
    const made = await Promise.all(Array.from({ length: 5 }, () => installIdentity(dataDir, none)));
    expect(new Set(made.map((identity) => identity.id)).size).toBe(1);
    const identity = made[0]!;
    expect(identity).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), tag: identity.id.slice(0, 4), upgraded: false });
    expect((await stat(path.join(dataDir, 'install.json'))).mode & 0o777).toBe(0o600);
    expect(await installIdentity(dataDir, none)).toEqual(identity);
  });

  it("draws a tag no other install's users carry", async () => {
    // every tag but those starting with f is taken: the identity must land on one of these
    const taken = new Set(Array.from({ length: 0xf000 }, (_, n) => n.toString(16).padStart(4, '0')));
    expect((await installIdentity(dataDir, async () => taken)).tag).toMatch(/^f[0-9a-f]{3}$/);
  });

  it("reads the tags in use from the users' markers, whatever their names", async () => {
    const passwd = path.join(dataDir, 'passwd');
    const id = `abcd${'0'.repeat(28)}`;
    await writeFile(passwd, [`x-alice:x:50001:50001:${markerOf(id, 'alice')}:/nonexistent:/usr/sbin/nologin`, `sl-bob:x:50002:50002:${oldMarkerOf('bob')}:/nonexistent:/bin/sh`, 'root:x:0:0:root:/root:/bin/bash', ''].join('\n'));
    expect(await installTagsInUse(passwd)).toEqual(new Set(['abcd']));
  });

  it('marks a data directory that already has homes as upgraded: no tag, so its users keep their names', async () => {
    await mkdir(path.join(dataDir, 'homes'));
    expect(await installIdentity(dataDir, async () => new Set())).toMatchObject({ tag: '', upgraded: true });
  });
});

describe.runIf(root)('Unix users of several installs on one host', () => {
  const range = { prefix, uidMin: 50_000, uidMax: 59_999 };
  const newInstall = (tag: string, upgraded = false): InstallIdentity => ({ id: randomBytes(16).toString('hex'), tag, upgraded });
  const comment = (name: string) => execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).split(':')[4];
  let homesDir: string;
  beforeEach(async () => {
    homesDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-homes-'));
  });
  afterEach(async () => {
    await rm(homesDir, { recursive: true, force: true });
  });

  /** A user as Starlight made them before installs had identities (the same useradd, the old marker). */
  function oldUser(name: string, account: string): number {
    const ids = (kind: string) => ['-K', `${kind}_MIN=50000`, '-K', `${kind}_MAX=59999`];
    execFileSync('groupadd', [...ids('GID'), name]);
    execFileSync('useradd', [...ids('UID'), '-g', name, '-M', '-N', '-l', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', '-c', oldMarkerOf(account), name]);
    return Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }));
  }

  it("never takes a user another install made, even when the two installs' tags meet", async () => {
    const tag = randomBytes(2).toString('hex');
    const first = newInstall(tag);
    const made = await createLocalUsers(range, { install: first, homesDir }).ensure('carol_lab_t');
    expect(comment(made.name)).toBe(markerOf(first.id, 'carol_lab_t'));
    const second = createLocalUsers(range, { install: newInstall(tag), homesDir });
    await expect(second.ensure('carol_lab_t')).rejects.toThrow(`it belongs to install ${first.id} on this host`);
    await expect(second.lookup('carol_lab_t')).rejects.toThrow('refusing to take it over');
    expect(comment(made.name)).toBe(markerOf(first.id, 'carol_lab_t'));
  });

  it('lets an upgraded install claim its users from before (they own its homes), once, and no other install after it', async () => {
    const name = `${prefix}dave_lab_t`;
    const uid = oldUser(name, 'dave_lab_t');
    await mkdir(path.join(homesDir, 'dave_lab_t'));
    await chown(path.join(homesDir, 'dave_lab_t'), uid, uid);
    // another upgraded install that shared the user before (its home is the same uid's) comes second
    const otherHomes = await mkdtemp(path.join(os.tmpdir(), 'starlight-homes-'));
    try {
      await mkdir(path.join(otherHomes, 'dave_lab_t'));
      await chown(path.join(otherHomes, 'dave_lab_t'), uid, uid);
      const upgraded = newInstall('', true);
      const claimed = await createLocalUsers(range, { install: upgraded, homesDir }).ensure('dave_lab_t');
      expect(claimed).toMatchObject({ name, uid });
      expect(comment(name)).toBe(markerOf(upgraded.id, 'dave_lab_t'));
      await expect(createLocalUsers(range, { install: newInstall('', true), homesDir: otherHomes }).ensure('dave_lab_t')).rejects.toThrow(
        `it belongs to install ${upgraded.id}`,
      );
    } finally {
      await rm(otherHomes, { recursive: true, force: true });
    }
  });

  it('refuses an old-marked user whose home here is not its own, and any old-marked user in a new install', async () => {
    const name = `${prefix}erin_lab_t`;
    oldUser(name, 'erin_lab_t');
    await mkdir(path.join(homesDir, 'erin_lab_t')); // root's: this install never ran erin's jobs as that user
    await expect(createLocalUsers(range, { install: newInstall('', true), homesDir }).ensure('erin_lab_t')).rejects.toThrow(
      "an install from before identities made it, and this install's home of erin_lab_t is not its",
    );
    await expect(createLocalUsers(range, { install: newInstall(''), homesDir }).ensure('erin_lab_t')).rejects.toThrow('refusing');
    expect(comment(name)).toBe(oldMarkerOf('erin_lab_t'));
  });
});
