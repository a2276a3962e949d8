import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindReplies, type AvailablePartition, type Partition } from '@starlight/contract/hpc';
import type { List } from '@starlight/contract/envelope';
import type { Job, JobDetail } from '@starlight/contract/jobs';
import type { MonitorNodeDetail, MonitorNodeList } from '@starlight/contract/monitor';
import { localJobs } from '../src/db/schema/jobs';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { bindOverSocket, call, getUuid, socketExchange, waitForJob } from './hpc-helpers';

/*
 * The embedded default end to end through the API (issue 4): bind over the socket, submit to the
 * `local` cluster, watch the job finish, read its detail and output, and the refusals around it.
 */
let t: TestApp;
let dataDir: string;
let admin: string;
let user: string; // demo-user: binds lab_demo_user here
let other: string; // demo-bound: bound by the demo seed to demo_lab_bound
let auditor: string; // demo-auditor: never bound
let gadmin: string; // demo-gadmin: administers demo-lab, every demo user's group
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-hpc-'));
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, user, other, auditor, gadmin] = await Promise.all([
    login(t.app, 'admin', adminPassword),
    login(t.app, 'demo-user', demoPassword),
    login(t.app, 'demo-bound', demoPassword),
    login(t.app, 'demo-auditor', demoPassword),
    login(t.app, 'demo-gadmin', demoPassword),
  ]);
});
afterAll(async () => {
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

const permissions = async (token: string) => (await call<string[]>(t.app, 'GET', '/perm/permission', token)).spec;
const localJobCount = async () => (await t.database.db.select({ n: count() }).from(localJobs))[0]!.n;
const submit = (token: string, payload: Record<string, unknown>) => call<{ job_id: string; cluster: string }>(t.app, 'POST', '/job/jobs', token, payload);

describe('binding a system account on the embedded cluster (spec §4, §5, §8)', () => {
  it('answers the spec texts for a missing name, a bad name, a used or unknown uuid and a taken account', async () => {
    const uuid = await getUuid(t.app, user);
    expect(await socketExchange(t.app, user, `:${uuid}`)).toBe(bindReplies.usernameRequired);
    expect(await socketExchange(t.app, user, `someone@example.com:${uuid}`)).toContain(bindReplies.usernameRequired);
    expect(await socketExchange(t.app, user, `only_two:${uuid}`)).toContain(bindReplies.usernameRequired);
    expect(await socketExchange(t.app, user, 'lab_demo_user:not-a-uuid')).toContain(bindReplies.uuidExists);
    expect(await socketExchange(t.app, user, `demo_lab_bound:${uuid}`)).toContain(bindReplies.uuidExists);
    expect(await permissions(user)).not.toContain('binded_account');
  });

  it('refuses the socket without a token and from another site', async () => {
    await expect(t.app.injectWS(api('/user/bind_status'))).rejects.toThrow();
    await expect(t.app.injectWS(api(`/user/bind_status?token=${user}`), { headers: { origin: 'https://evil.example' } })).rejects.toThrow();
  });

  it('binds, creates the home, and the permission list gains binded_account', async () => {
    const uuid = await getUuid(t.app, user);
    expect(await bindOverSocket(t.app, user, 'lab_demo_user', uuid)).toBe(bindReplies.bound);
    expect(await permissions(user)).toContain('binded_account');
    expect((await call<{ system_account: string }>(t.app, 'GET', '/user/user/self', user)).spec.system_account).toBe('lab_demo_user');
    expect((await stat(path.join(dataDir, 'homes', 'lab_demo_user'))).isDirectory()).toBe(true);
    // single use: the same uuid cannot bind again (the user is bound anyway)
    expect(await socketExchange(t.app, user, `lab_other_acct:${uuid}`)).toContain(bindReplies.uuidExists);
  });

  it('lists the local cluster and its partition as available to a bound user', async () => {
    const partitions = (await call<AvailablePartition[]>(t.app, 'GET', '/kcluster/user/available/partitions', user)).spec;
    expect(partitions.map((p) => `${p.cluster_name}/${p.name}`)).toEqual(['local/local']);
    const clusters = (await call<{ name: string }[]>(t.app, 'GET', '/kcluster/user/available/clusters', user)).spec;
    expect(clusters.map((c) => c.name)).toEqual(['local']);
  });
});

describe('jobs on the embedded cluster', () => {
  let jobId: string;

  it('submits, runs to COMPLETED, and shows output tails, CPU seconds and the script in the detail', async () => {
    const script = 'echo hello-from-job\necho oops >&2\nfor i in $(seq 1 100000); do :; done\n';
    const reply = await submit(user, { partition: 'local', name: 'hello', script, cpus: 1, time_limit_minutes: 5 });
    expect(reply).toMatchObject({ code: 200, spec: { cluster: 'local' } });
    jobId = reply.spec.job_id;
    const job = await waitForJob(t.app, user, '/job/jobs', jobId, (j) => j.state === 'COMPLETED');
    expect(job).toMatchObject({ name: 'hello', user_name: 'demo-user', system_account: 'lab_demo_user', partition: 'local', exit_code: 0 });
    const detail = (await call<JobDetail>(t.app, 'GET', `/job/job/local/${jobId}`, user)).spec;
    expect(detail.stdout_tail).toBe('hello-from-job\n');
    expect(detail.stderr_tail).toBe('oops\n');
    expect(detail.script).toBe(script);
    expect(detail.cpu_seconds).toBeGreaterThanOrEqual(0);
    expect(detail.core_hours).not.toBeNull();
    expect(detail.working_directory).toBe(path.join(dataDir, 'homes', 'lab_demo_user'));
  });

  it("shows the job to an administrator in /job/jobs/all and to its group's administrator, not in another user's list", async () => {
    const all = (await call<List<Job>>(t.app, 'GET', '/job/jobs/all?field_eq_user=demo-user', admin)).spec;
    expect(all.list.map((j) => j.job_id)).toContain(jobId);
    const theirs = (await call<List<Job>>(t.app, 'GET', '/job/jobs', other)).spec;
    expect(theirs.list.map((j) => j.job_id)).not.toContain(jobId);
    expect((await call(t.app, 'GET', '/job/jobs/all', user)).code).toBe(1403);
    // the group administrator of demo-lab sees the job of a member, may read it, may not cancel it
    const group = (await call<List<Job>>(t.app, 'GET', '/job/jobs/group', gadmin)).spec;
    expect(group.list.map((j) => j.job_id)).toContain(jobId);
    expect((await call(t.app, 'GET', `/job/job/local/${jobId}`, gadmin)).code).toBe(200);
    expect((await call(t.app, 'DELETE', `/job/job/local/${jobId}`, gadmin)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/job/jobs/group', user)).code).toBe(1403);
    // someone else's job and no job at all answer alike: ids reveal nothing
    const shape = (e: { code: number; kind: string; spec: unknown; info: string }, id: string) => ({ code: e.code, kind: e.kind, spec: e.spec, info: e.info.replace(id, '<id>') });
    for (const method of ['GET', 'DELETE'] as const) {
      const theirs = await call(t.app, method, `/job/job/local/${jobId}`, other);
      const none = await call(t.app, method, '/job/job/local/987654', other);
      expect(theirs.code).toBe(1404);
      expect(shape(theirs, String(jobId))).toEqual(shape(none, '987654'));
    }
  });

  it('filters and sorts on the server', async () => {
    const second = await submit(user, { partition: 'local', name: 'zeta-run', script: 'exit 3' });
    await waitForJob(t.app, user, '/job/jobs', second.spec.job_id, (j) => j.state === 'FAILED');
    const failed = (await call<List<Job>>(t.app, 'GET', '/job/jobs?field_eq_state=FAILED', user)).spec;
    expect(failed.list.map((j) => [j.name, j.exit_code])).toEqual([['zeta-run', 3]]);
    const byName = (await call<List<Job>>(t.app, 'GET', '/job/jobs?sort=name&page_size=1', user)).spec;
    expect(byName).toMatchObject({ total: 2, list: [{ name: 'hello' }] });
    const named = (await call<List<Job>>(t.app, 'GET', '/job/jobs?field_lk_name=ZETA', user)).spec;
    expect(named.list.map((j) => j.name)).toEqual(['zeta-run']);
    const future = (await call<List<Job>>(t.app, 'GET', `/job/jobs?start_time=${Math.floor(Date.now() / 1000) + 3600}`, user)).spec;
    expect(future.total).toBe(0);
  });

  it("shows the running job on the local node, refuses to cancel another user's job, and lets the owner cancel", async () => {
    const theirs = await submit(other, { partition: 'local', name: 'sleeper', script: 'sleep 30' });
    expect(theirs.code).toBe(200);
    await waitForJob(t.app, other, '/job/jobs', theirs.spec.job_id, (j) => j.state === 'RUNNING');
    // monitoring (manage_monitor): the local node, and the running job on it
    const nodes = (await call<MonitorNodeList>(t.app, 'GET', '/monitor/nodes', admin)).spec;
    expect(nodes).toMatchObject({ total: 1, unreachable: [], list: [{ cluster: 'local', name: os.hostname(), partitions: ['local'] }] });
    expect(nodes.list[0]!.cpus_alloc).toBeGreaterThanOrEqual(1);
    const node = (await call<MonitorNodeDetail>(t.app, 'GET', `/monitor/nodes/local/${os.hostname()}`, admin)).spec;
    expect(node.jobs.map((j) => j.job_id)).toContain(theirs.spec.job_id);
    expect((await call(t.app, 'GET', '/monitor/nodes', user)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/monitor/nodes/local/no-such-node', admin)).code).toBe(1404);
    const refused = await call(t.app, 'DELETE', `/job/job/local/${theirs.spec.job_id}`, user);
    expect(refused.code).toBe(1404); // someone else's job: as if there were none
    expect((await call(t.app, 'DELETE', `/job/job/local/${theirs.spec.job_id}`, other)).code).toBe(200);
    await waitForJob(t.app, other, '/job/jobs', theirs.spec.job_id, (j) => j.state === 'CANCELLED');
  });
});

describe('bad input runs nothing', () => {
  const cases: [string, () => Promise<{ code: number }>, number][] = [
    ['an unknown partition', () => submit(user, { partition: 'nope', script: 'echo x' }), 1400],
    ['a partition name with metacharacters', () => submit(user, { partition: 'local;rm -rf', script: 'echo x' }), 1400],
    ['a time limit above the partition maximum', () => submit(user, { partition: 'local', script: 'echo x', time_limit_minutes: 20_000 }), 1400],
    ['a working directory climbing out of the home', () => submit(user, { partition: 'local', script: 'echo x', working_directory: '../..' }), 1400],
    ['an absolute working directory outside the home', () => submit(user, { partition: 'local', script: 'echo x', working_directory: '/etc' }), 1400],
    ['an unbound user', () => submit(auditor, { partition: 'local', script: 'echo x' }), 1403],
    ['a job id with metacharacters', () => call(t.app, 'GET', '/job/job/local/1%3Bid', user), 1400],
    ['a cancel with metacharacters', () => call(t.app, 'DELETE', '/job/job/local/1%20%7C%7C%20true', user), 1400],
    ['an unknown job', () => call(t.app, 'GET', '/job/job/local/999999', user), 1404],
    ['an unknown cluster', () => call(t.app, 'GET', '/job/job/elsewhere/1', user), 1404],
  ];
  it.each(cases)('%s', async (_name, run, code) => {
    const before = await localJobCount();
    expect((await run()).code).toBe(code);
    expect(await localJobCount()).toBe(before);
  });

  it('leaves private partitions out of user lists and refuses submitting to them (spec §5)', async () => {
    const partitions = (await call<List<Partition>>(t.app, 'GET', '/kcluster/partitions', admin)).spec.list;
    const local = partitions.find((p) => p.name === 'local')!;
    expect((await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}`, admin, { init_type: 'private' })).code).toBe(200);
    expect((await call<AvailablePartition[]>(t.app, 'GET', '/kcluster/user/available/partitions', user)).spec).toEqual([]);
    expect((await submit(user, { partition: 'local', script: 'echo x' })).code).toBe(1403);
    await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}`, admin, { init_type: '' });
  });
});

describe('unbinding', () => {
  it("refuses another user's unbind without manage_all_user, and unbinds oneself", async () => {
    expect((await call(t.app, 'POST', '/user/unbind', user, { user_name: 'demo-bound' })).code).toBe(1403);
    expect((await call(t.app, 'POST', '/user/unbind', user, { user_name: 'demo-user' })).code).toBe(200);
    expect(await permissions(user)).not.toContain('binded_account');
    expect((await call(t.app, 'GET', '/job/jobs', user)).code).toBe(1403);
  });
});
