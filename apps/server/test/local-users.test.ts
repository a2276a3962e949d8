import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindReplies, type AvailablePartition } from '@starlight/contract/hpc';
import type { Run, RunDetail } from '@starlight/contract/apps';
import type { JobDetail } from '@starlight/contract/jobs';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { readInstallIdentity, type InstallIdentity } from '../src/drivers/local-users/install';
import { markerOf } from '../src/drivers/local-users/unix-users';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, testUnixPrefix, unixNameIn, type TestApp } from './helpers';
import { findBwrap, findCwltool } from '../src/drivers/workflows/engine-binaries';
import { bindOverSocket, call, waitForJob } from './hpc-helpers';
import { storageClient } from './storage-helpers';

/*
 * Item 6 of the hardening issue: on the embedded `local` cluster a bound account's jobs run as its
 * own Unix user, so they cannot read another account's home or the database; a server that is not
 * root does not grant the cluster by default and says why. Real useradd, real processes, real PGlite
 * files on disk. Run as root (CI and this machine are); elsewhere skipped with the reason.
 */
const root = process.getuid?.() === 0;
if (!root) {
  if (process.env.CI === 'true') throw new Error('local-users.test.ts needs root (useradd, setpriv) and CI runs as root');
  console.warn('local-users.test.ts skipped: not root, so no Unix users can be made');
}
const owner = (file: string) => stat(file).then((s) => ({ uid: s.uid, mode: s.mode & 0o777 }));
const hasCwltool = (await findCwltool()) !== null && (await findBwrap()) !== null;
const uidOf = (name: string) => Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());

describe.runIf(root)('local jobs as the account’s own Unix user (server running as root)', () => {
  let t: TestApp;
  let database: DatabaseHandle;
  let dataDir: string;
  let alice: string; // demo-user, binds lab_demo_user here
  let bob: string; // demo-bound, bound by the demo seed to demo_lab_bound before this start
  let install: InstallIdentity;
  const names = new Map<string, string>();
  const unixName = (account: string) => names.get(account) ?? '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-users-'));
    // a home made the way earlier versions did: the server's, world-readable
    const bobHome = path.join(dataDir, 'homes', 'demo_lab_bound');
    await mkdir(path.join(bobHome, 'old'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(bobHome, 'old', 'notes.txt'), 'made before accounts had users\n', { mode: 0o644 });
    await chmod(bobHome, 0o755);
    // a real PGlite database in the data directory, as `npm start` makes it
    database = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' }, database });
    [alice, bob] = await Promise.all([login(t.app, 'demo-user', demoPassword), login(t.app, 'demo-bound', demoPassword)]);
    expect(await bindOverSocket(t.app, alice, 'lab_demo_user')).toBe(bindReplies.bound);
    install = (await readInstallIdentity(dataDir))!;
    for (const account of ['lab_demo_user', 'demo_lab_bound', 'mallory_lab_x']) names.set(account, await unixNameIn(dataDir, account));
  });
  afterAll(async () => {
    await stopTestApp(t);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the user on binding: prefixed name, marked with the install, its home 0700; the data directory closed', async () => {
    const entry = execFileSync('getent', ['passwd', unixName('lab_demo_user')], { encoding: 'utf8' }).trim().split(':');
    expect(entry[4]).toBe(markerOf(install.id, 'lab_demo_user'));
    expect(Number(entry[2])).toBeGreaterThanOrEqual(50_000);
    expect(Number(entry[2])).toBeLessThanOrEqual(59_999);
    expect(await owner(path.join(dataDir, 'homes', 'lab_demo_user'))).toEqual({ uid: uidOf(unixName('lab_demo_user')), mode: 0o700 });
    expect((await owner(dataDir)).mode).toBe(0o711);
    expect((await owner(path.join(dataDir, 'homes'))).mode).toBe(0o711);
    expect((await owner(path.join(dataDir, 'pglite'))).mode).toBe(0o700);
    expect((await owner(path.join(dataDir, 'install.json'))).mode).toBe(0o600);
  });

  it('migrates a binding and home made before: user created, home and its files handed over', async () => {
    // a data directory with homes and no identity is an upgrade: its users keep the names they had
    expect(install).toMatchObject({ tag: '', upgraded: true });
    expect(unixName('demo_lab_bound')).toBe(`${testUnixPrefix}demo_lab_bound`);
    const bobUid = uidOf(unixName('demo_lab_bound'));
    const home = path.join(dataDir, 'homes', 'demo_lab_bound');
    expect(await owner(home)).toEqual({ uid: bobUid, mode: 0o700 });
    expect((await owner(path.join(home, 'old', 'notes.txt'))).uid).toBe(bobUid);
  });

  it("runs the job as the account's user: its own files yes, another home and the database no", async () => {
    const bobFiles = await storageClient(t.app, 'demo-bound');
    expect((await bobFiles.put('/storage/upload', { path: 'secret.txt' }, Buffer.from('bob only\n'))).envelope?.code).toBe(200);
    const mine = await storageClient(t.app, 'demo-user');
    expect((await mine.post('/storage/mkdir', { path: 'in' })).envelope?.code).toBe(200);
    expect((await mine.put('/storage/upload', { path: 'in/mine.txt' }, Buffer.from('alice data\n'))).envelope?.code).toBe(200);
    const pgliteFile = path.join(dataDir, 'pglite', 'PG_VERSION');
    expect((await stat(pgliteFile)).isFile()).toBe(true);
    const script = [
      '#!/bin/bash',
      'echo "who=$(id -un) home=$HOME user=$USER groups=$(id -G)"',
      'cat in/mine.txt',
      'echo ok > in/written-by-job.txt && echo wrote-own',
      `cat ${path.join(dataDir, 'homes', 'demo_lab_bound', 'secret.txt')} || echo denied-bob-file`,
      `ls ${path.join(dataDir, 'homes', 'demo_lab_bound')} || echo denied-bob-home`,
      `ls ${path.join(dataDir, 'homes')} || echo denied-homes-list`,
      `cat ${pgliteFile} || echo denied-pglite`,
      `ls ${path.join(dataDir, 'pglite')} || echo denied-pglite-dir`,
      'echo "umask=$(umask)"',
    ].join('\n');
    const submitted = await call<{ job_id: string }>(t.app, 'POST', '/job/jobs', alice, { partition: 'local', name: 'peek', script, cpus: 1, time_limit_minutes: 5 });
    expect(submitted.code, submitted.info).toBe(200);
    const jobId = submitted.spec.job_id;
    const done = await waitForJob(t.app, alice, '/job/jobs', jobId, (job) => ['COMPLETED', 'FAILED'].includes(job.state));
    const detail = (await call<JobDetail>(t.app, 'GET', `/job/job/local/${jobId}`, alice)).spec;
    const home = path.join(dataDir, 'homes', 'lab_demo_user');
    const out = await readFile(path.join(home, `slurm-${jobId}.out`), 'utf8');
    const err = await readFile(path.join(home, `slurm-${jobId}.err`), 'utf8');
    // first what leaked before accounts had their own users: another home and the database were readable
    expect(out).not.toContain('bob only');
    for (const refusal of ['denied-bob-file', 'denied-bob-home', 'denied-homes-list', 'denied-pglite', 'denied-pglite-dir']) expect(out).toContain(refusal);
    const uid = uidOf(unixName('lab_demo_user'));
    expect(out).toContain(`who=${unixName('lab_demo_user')} home=${home} user=${unixName('lab_demo_user')} groups=${execFileSync('id', ['-g', unixName('lab_demo_user')], { encoding: 'utf8' }).trim()}\n`);
    expect(out).toContain('alice data');
    expect(out).toContain('wrote-own');
    expect(out).toContain('umask=0077');
    expect(err.match(/Permission denied/g)?.length).toBe(5);
    // its outputs and what it wrote are the user's own
    expect(await owner(path.join(home, `slurm-${jobId}.out`))).toEqual({ uid, mode: 0o600 });
    expect((await owner(path.join(home, 'in', 'written-by-job.txt'))).uid).toBe(uid);
    expect(done.state).toBe('COMPLETED');
    // the root wrapper still measured it: exit status and CPU time come from its status file
    expect(detail).toMatchObject({ state: 'COMPLETED', exit_code: 0 });
    expect(detail.cpu_seconds).not.toBeNull();
  });

  it.runIf(hasCwltool)("runs an app's engine as the account: another account's run folder and app files stay unreadable", async () => {
    // bob's app and run: its folder (the app's files, job.json) is written before the engine is submitted
    const marker = `bob-app-secret-${Date.now()}`;
    const bobTool = `cwlVersion: v1.2\nclass: CommandLineTool\ndoc: ${marker}\nbaseCommand: "true"\ninputs: []\noutputs: []\n`;
    expect((await call(t.app, 'POST', '/app/apps', bob, { name: 'bob-private', cwl: bobTool, main_file: 'bob.cwl' })).code).toBe(200);
    const bobRun = await call<Run>(t.app, 'POST', '/app/apps/bob-private/runs', bob, { partition: 'local', job_order: {} });
    expect(bobRun.code, bobRun.info).toBe(200);
    const bobDir = path.join(dataDir, 'homes', 'demo_lab_bound', 'app-runs', 'bob-private', bobRun.spec.uuid);
    expect(await readFile(path.join(bobDir, 'app', 'bob.cwl'), 'utf8')).toContain(marker);
    // alice's app tries to read them from inside her own engine run
    const peek = [`cat ${bobDir}/app/bob.cwl || echo denied-app`, `cat ${bobDir}/job.json || echo denied-job`, `ls ${bobDir} || echo denied-dir`, 'id -un'].join('; ');
    const aliceTool = `cwlVersion: v1.2\nclass: CommandLineTool\nbaseCommand: [sh, -c]\narguments: [${JSON.stringify(peek)}]\ninputs: []\nstdout: out.txt\nstderr: err.txt\noutputs:\n  out: stdout\n  err: stderr\n`;
    expect((await call(t.app, 'POST', '/app/apps', alice, { name: 'peek-runs', cwl: aliceTool, main_file: 'peek.cwl' })).code).toBe(200);
    const aliceRun = await call<Run>(t.app, 'POST', '/app/apps/peek-runs/runs', alice, { partition: 'local', job_order: {} });
    expect(aliceRun.code, aliceRun.info).toBe(200);
    let detail = (await call<RunDetail>(t.app, 'GET', `/app/runs/peek-runs/${aliceRun.spec.uuid}`, alice)).spec;
    for (let i = 0; i < 240 && !['done', 'failed', 'cancelled'].includes(detail.state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      detail = (await call<RunDetail>(t.app, 'GET', `/app/runs/peek-runs/${aliceRun.spec.uuid}`, alice)).spec;
    }
    expect(detail.state).toBe('done');
    const out = path.join(dataDir, 'homes', 'lab_demo_user', 'app-runs', 'peek-runs', aliceRun.spec.uuid, 'out');
    const [stdout, stderr] = await Promise.all([readFile(path.join(out, 'out.txt'), 'utf8'), readFile(path.join(out, 'err.txt'), 'utf8')]);
    expect(stdout).not.toContain(marker);
    for (const refusal of ['denied-app', 'denied-job', 'denied-dir']) expect(stdout).toContain(refusal);
    expect(stdout).toContain(unixName('lab_demo_user'));
    expect(stderr.match(/Permission denied/g)?.length).toBe(3);
  }, 180_000);

  it('hands what the storage API writes (upload, folders, copies) to the account’s user', async () => {
    const uid = uidOf(unixName('lab_demo_user'));
    const home = path.join(dataDir, 'homes', 'lab_demo_user');
    const mine = await storageClient(t.app, 'demo-user');
    expect((await mine.post('/storage/copy', { from: 'in', to: 'in-copy' })).envelope?.code).toBeDefined();
    for (const entry of ['in', 'in/mine.txt'].concat((await readdir(path.join(home, 'in-copy')).catch(() => [])).map((n) => `in-copy/${n}`)))
      expect((await owner(path.join(home, entry))).uid, entry).toBe(uid);
  });

  it('refuses to bind onto an existing Unix user Starlight did not make', async () => {
    const auditor = await login(t.app, 'demo-auditor', demoPassword);
    execFileSync('useradd', ['-M', '-N', '-s', '/usr/sbin/nologin', unixName('mallory_lab_x')]);
    const reply = await bindOverSocket(t.app, auditor, 'mallory_lab_x');
    expect(reply).toContain(bindReplies.usernameRequired);
    expect(reply).toContain('not created by Starlight');
    expect((await call<string[]>(t.app, 'GET', '/perm/permission', auditor)).spec).not.toContain('binded_account');
  });

  it('grants the local cluster to groups on a fresh install', async () => {
    const partitions = await call<AvailablePartition[]>(t.app, 'GET', '/kcluster/user/available/partitions', bob);
    expect(partitions.spec.map((p) => `${p.cluster_name}/${p.name}`)).toContain('local/local');
    expect(t.announcements.join('\n')).not.toContain('NOT isolated');
  });
});

/*
 * Issue 19: two installs on one host (two data directories, two databases) used to map the same account to
 * the same Unix user, so a job of one wrote into the other's home. Each install now has its own identity.
 */
describe.runIf(root)('two installs on one host', () => {
  const installs: { t: TestApp; dataDir: string; alice: string }[] = [];
  const startInstall = async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-install-'));
    const t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    const alice = await login(t.app, 'demo-user', demoPassword);
    expect(await bindOverSocket(t.app, alice, 'lab_demo_user')).toBe(bindReplies.bound);
    installs.push({ t, dataDir, alice });
  };
  beforeAll(async () => {
    await startInstall();
    await startInstall();
  });
  afterAll(async () => {
    for (const { t, dataDir } of installs) {
      await stopTestApp(t);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('gives the same account two Unix users, each marked with its install, and two homes', async () => {
    const [a, b] = await Promise.all(installs.map(async ({ dataDir }) => {
      const install = (await readInstallIdentity(dataDir))!;
      const name = await unixNameIn(dataDir, 'lab_demo_user');
      const entry = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim().split(':');
      return { install, name, uid: Number(entry[2]), comment: entry[4], home: await owner(path.join(dataDir, 'homes', 'lab_demo_user')) };
    }));
    expect(a!.install).toMatchObject({ upgraded: false, tag: a!.install.id.slice(0, 4) });
    expect(b!.install.id).not.toBe(a!.install.id);
    expect(b!.install.tag).not.toBe(a!.install.tag);
    expect(a!.name).toBe(`${testUnixPrefix}${a!.install.tag}-lab_demo_user`);
    expect(b!.name).not.toBe(a!.name);
    expect(b!.uid).not.toBe(a!.uid);
    expect(a!.comment).toBe(markerOf(a!.install.id, 'lab_demo_user'));
    expect(b!.comment).toBe(markerOf(b!.install.id, 'lab_demo_user'));
    expect(a!.home).toEqual({ uid: a!.uid, mode: 0o700 });
    expect(b!.home).toEqual({ uid: b!.uid, mode: 0o700 });
  });

  it("runs a job of install A that cannot write into, or read, install B's home of the same account", async () => {
    const [a, b] = installs;
    const bHome = path.join(b!.dataDir, 'homes', 'lab_demo_user');
    await writeFile(path.join(bHome, 'b-secret.txt'), 'only install B\n');
    execFileSync('chown', [`${await unixNameIn(b!.dataDir, 'lab_demo_user')}:`, path.join(bHome, 'b-secret.txt')]);
    const script = [
      `echo planted > ${path.join(bHome, 'planted-by-a.txt')} && echo wrote-b || echo denied-write`,
      `cat ${path.join(bHome, 'b-secret.txt')} || echo denied-read`,
      'echo own > own.txt && echo wrote-own',
    ].join('\n');
    const submitted = await call<{ job_id: string }>(a!.t.app, 'POST', '/job/jobs', a!.alice, { partition: 'local', name: 'cross', script, cpus: 1, time_limit_minutes: 5 });
    expect(submitted.code, submitted.info).toBe(200);
    const jobId = submitted.spec.job_id;
    await waitForJob(a!.t.app, a!.alice, '/job/jobs', jobId, (job) => ['COMPLETED', 'FAILED'].includes(job.state));
    const out = await readFile(path.join(a!.dataDir, 'homes', 'lab_demo_user', `slurm-${jobId}.out`), 'utf8');
    expect(out).toContain('denied-write');
    expect(out).toContain('denied-read');
    expect(out).not.toContain('only install B');
    expect(out).toContain('wrote-own');
    expect(await readdir(bHome)).not.toContain('planted-by-a.txt');
  });
});

describe('a server that is not root (cannot switch users)', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-shared-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' }, isRoot: false });
  });
  afterAll(async () => {
    await stopTestApp(t);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('does not grant the local cluster by default, and says why at start-up', async () => {
    const bound = await login(t.app, 'demo-bound', demoPassword);
    const partitions = await call<AvailablePartition[]>(t.app, 'GET', '/kcluster/user/available/partitions', bound);
    expect(partitions.code).toBe(200);
    expect(partitions.spec).toEqual([]);
    const notice = t.announcements.join('\n');
    expect(notice).toContain('the embedded "local" cluster is NOT isolated');
    expect(notice).toContain('not granted');
    expect(notice).toContain('grant');
  });

  it('an administrator can still grant it explicitly', async () => {
    const admin = await login(t.app, 'admin', adminPassword);
    const granted = await call(t.app, 'POST', '/kcluster/hpc/partitions/local/local', admin, { group_id: null });
    expect(granted.code, granted.info).toBe(200);
    const bound = await login(t.app, 'demo-bound', demoPassword);
    const partitions = await call<AvailablePartition[]>(t.app, 'GET', '/kcluster/user/available/partitions', bound);
    expect(partitions.spec.map((p) => `${p.cluster_name}/${p.name}`)).toContain('local/local');
  });
});
