import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailablePartition, Cluster } from '@starlight/contract/hpc';
import type { GroupQuotaChange, UserQuotaChange } from '@starlight/contract/quotas';
import { loadJwtKey } from '../src/drivers/scheduler/slurm/jwt';
import { createSlurmScheduler, type SlurmScheduler } from '../src/drivers/scheduler/slurm/slurm-scheduler';
import { adminPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call, holdRealSlurmDuringSuite } from './hpc-helpers';
import { addGroupMember, partitionNamed } from './quotas-helpers';

/*
 * Grants make the real Slurm 22.05 enforce them too (AccountingStorageEnforce=associations): a grant
 * gives the group's bound accounts one association per granted partition under the cluster's
 * default_account, a revoke removes it, and slurmctld then refuses the partition by itself.
 * `sl_quota_lab` is a Unix account made by scripts/services/sshd-up.sh, with no association before.
 */
const run = promisify(execFile);
const env = process.env;
const account = 'sl_quota_lab';
const missing = ['SLURMRESTD_URL', 'SLURM_JWT_KEY_FILE'].filter((name) => !env[name]);
const reason = missing.length > 0 ? `missing ${missing.join(', ')}` : process.getuid?.() !== 0 ? 'not root (sacctmgr needs it)' : null;
if (reason && env.CI === 'true') throw new Error(`the Slurm quotas suite cannot run in CI: ${reason}`);
if (reason) console.warn(`[quotas-slurm] skipped: ${reason} — run eval "$(bash scripts/services-up.sh)" as root`);

const associations = async (): Promise<string[]> =>
  (await run('sacctmgr', ['-n', '-P', 'show', 'assoc', 'where', `user=${account}`, 'format=account,partition'])).stdout
    .split('\n')
    .filter(Boolean)
    .sort();

describe.skipIf(reason !== null)('grants enforced by the real Slurm', { timeout: 90_000 }, () => {
  holdRealSlurmDuringSuite();
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let member: string;
  let slurm: SlurmScheduler;
  const started: string[] = [];
  const asMember = { kind: 'user' as const, account };
  const job = (partition: string) => ({ name: 'quota-check', script: '#!/bin/bash\ntrue\n', partition, cpus: 1, timeLimitMinutes: 1, workingDirectory: '/tmp' });
  /** slurmctld learns association changes from slurmdbd asynchronously: ask until it answers as expected (bounded). */
  const slurmSays = (partition: string) =>
    expect.poll(
      async () => {
        try {
          started.push((await slurm.submitJob(asMember, job(partition))).jobId);
          return 'accepted';
        } catch (error) {
          return (error as { code?: number }).code;
        }
      },
      { timeout: 20_000, interval: 1000 },
    );
  /** Slurm refuses to remove an association while its jobs are active: end ours first (bounded). */
  const endStartedJobs = async () => {
    for (const id of started.splice(0)) await run('scancel', [id]).catch(() => undefined);
    await expect
      .poll(async () => (await run('squeue', ['-h', '-u', account, '-o', '%i'])).stdout.trim(), { timeout: 20_000, interval: 500 })
      .toBe('');
  };
  const mine = async () => (await call<AvailablePartition[]>(t.app, 'GET', '/kcluster/user/available/partitions', member)).spec.map((p) => `${p.cluster_name}/${p.name}`).sort();

  beforeAll(async () => {
    await run('id', [account]); // created by sshd-up.sh (STARLIGHT_SSHD_USERS)
    await run('sacctmgr', ['-i', 'delete', 'user', 'where', `name=${account}`]).catch(() => undefined);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-quotas-slurm-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    admin = await login(t.app, 'admin', adminPassword);
    member = (await addGroupMember(t, 'quota-lab', 'quota-ann', account)).token;
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, {
      name: 'devcluster',
      driver: 'slurm',
      settings: { rest_url: env.SLURMRESTD_URL, jwt_key_file: env.SLURM_JWT_KEY_FILE, default_account: 'research' },
    });
    expect(created.code).toBe(200);
    slurm = createSlurmScheduler({ restUrl: env.SLURMRESTD_URL!, jwtKey: await loadJwtKey({ file: env.SLURM_JWT_KEY_FILE! }) });
  });
  afterAll(async () => {
    for (const id of started) await run('scancel', [id]).catch(() => undefined);
    await run('sacctmgr', ['-i', 'delete', 'user', 'where', `name=${account}`]).catch(() => undefined);
    if (t) await stopTestApp(t);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('offers a new Slurm cluster to nobody until a group is granted a partition', async () => {
    expect(await mine()).toEqual(['local/local']);
    expect((await call(t.app, 'POST', '/job/jobs', member, { partition: 'debug', name: 'x', script: 'true', working_directory: '/tmp' })).code).toBe(1403);
    expect(await associations()).toEqual([]);
  });

  it('a grant creates the association for the partition only, and Slurm refuses the other partition itself', async () => {
    const granted = await call<GroupQuotaChange>(t.app, 'POST', '/kcluster/partition_quota', admin, { cluster_name: 'devcluster', partition_name: 'debug', group_name: 'quota-lab' });
    expect(granted).toMatchObject({ code: 200, spec: { warnings: [] } });
    expect(await associations()).toEqual(['research|debug']);
    expect(await mine()).toEqual(['devcluster/debug', 'local/local']);

    const submitted = await call<{ job_id: string }>(t.app, 'POST', '/job/jobs', member, { partition: 'debug', name: 'granted', script: '#!/bin/bash\ntrue\n', working_directory: '/tmp', time_limit_minutes: 1 });
    expect(submitted.code).toBe(200);
    started.push(submitted.spec.job_id);
    // the console refuses `long`; so does slurmctld, asked directly as the account
    expect((await call(t.app, 'POST', '/job/jobs', member, { partition: 'long', name: 'x', script: 'true', working_directory: '/tmp' })).code).toBe(1403);
    await slurmSays('long').toBe(1403);
  });

  it('a user quota with allowed=false removes that user’s association; allowing again restores it', async () => {
    await endStartedJobs();
    const debug = await partitionNamed(t, admin, 'devcluster', 'debug');
    const excluded = await call<UserQuotaChange>(t.app, 'POST', `/kcluster/partitions/${debug.id}/userquotas/quota-ann`, admin, { allowed: false });
    expect(excluded).toMatchObject({ code: 200, spec: { warnings: [] } });
    expect(await associations()).toEqual([]);
    await call(t.app, 'PATCH', `/kcluster/partitions/${debug.id}/userquotas/quota-ann`, admin, { allowed: true });
    expect(await associations()).toEqual(['research|debug']);
  });

  it('a second grant adds its partition; revoking removes the association and Slurm refuses the partition again', async () => {
    await call(t.app, 'POST', '/kcluster/hpc/partitions/devcluster/long', admin, { group_id: (await call<{ group_id: number }>(t.app, 'GET', '/kcluster/partitions/available/group', member)).spec.group_id });
    expect(await associations()).toEqual(['research|debug', 'research|long']);
    await endStartedJobs();
    const revoked = await call<GroupQuotaChange>(t.app, 'DELETE', '/kcluster/partition_quota', admin, { cluster_name: 'devcluster', partition_name: 'debug', group_name: 'quota-lab' });
    expect(revoked).toMatchObject({ code: 200, spec: { warnings: [] } });
    expect(await associations()).toEqual(['research|long']);
    expect(await mine()).toEqual(['devcluster/long', 'local/local']);
    await slurmSays('debug').toBe(1403);
    await slurmSays('long').toBe('accepted');
  });
});
