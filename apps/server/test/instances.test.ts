import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Job } from '@starlight/contract/jobs';
import type { StorageSpecItem } from '@starlight/contract/cluster-storage';
import { createPgBus, type ClusterBus } from '../src/lib/cluster-bus';
import { startMonitorPoller } from '../src/modules/monitor/monitor-poller';
import { openTestDatabase, type TestDatabase } from './database';
import { adminPassword, api, demoPassword, login, startTestApp, tokenHeader, type TestApp } from './helpers';
import { call, waitForJob } from './hpc-helpers';

/*
 * Two console instances on one PostgreSQL (issue: one instance assumed): one leader for the background
 * work (advisory lock), invalidations by LISTEN/NOTIFY, avatars in the database, and the embedded local
 * queue run by the leader alone while the other forwards to it. PostgreSQL only: PGlite is one process.
 */
const pgUrl = process.env.STARLIGHT_TEST_PG;
// the PGlite pass of `npm test` sets STARLIGHT_TEST_PG empty on purpose: only its absence is an error in CI
if (pgUrl === undefined && process.env.CI === 'true') throw new Error('the two-instance suite needs STARLIGHT_TEST_PG in CI');
if (!pgUrl) console.warn('[instances] skipped: STARLIGHT_TEST_PG is not set (two instances need PostgreSQL)');

const retryMs = 150;
const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
/** Resolves with the next message of `topic` this bus receives from another instance. */
const nextMessage = (bus: ClusterBus, topic: string): Promise<unknown> =>
  new Promise((resolve) => {
    const off = bus.subscribe(topic, (payload) => {
      off();
      resolve(payload);
    });
  });

describe.skipIf(!pgUrl)('the leader lock', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('has one leader; only it polls; the other takes over when it closes', async () => {
    const url = database.url ?? '';
    const first = await createPgBus({ url, retryMs });
    const second = await createPgBus({ url, retryMs });
    expect([first.isLeader(), second.isLeader()]).toEqual([true, false]);

    const polls = { first: 0, second: 0 };
    const log = (): void => undefined;
    const pollers = [
      startMonitorPoller({ seconds: 0.05, poll: async () => void polls.first++, log, isLeader: first.isLeader }),
      startMonitorPoller({ seconds: 0.05, poll: async () => void polls.second++, log, isLeader: second.isLeader }),
    ];
    await until('the leader to poll', () => polls.first >= 3);
    expect(polls.second).toBe(0);

    const tookOver = new Promise<boolean>((resolve) => second.onLeadership(resolve));
    await first.close();
    expect(await tookOver).toBe(true);
    const before = polls.first;
    await until('the new leader to poll', () => polls.second >= 3);
    expect(polls.first).toBe(before);
    await Promise.all(pollers.map((p) => p.stop()));
    await second.close();
  });
});

describe.skipIf(!pgUrl)('two instances on one database', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let busA: ClusterBus;
  let busB: ClusterBus;
  const dirs: string[] = [];
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = database.url ?? '';
    busA = await createPgBus({ url, retryMs });
    busB = await createPgBus({ url, retryMs });
    // the embedded local cluster's homes are one folder both instances see (one host, or a shared file system)
    dirs.push(await mkdtemp(path.join(os.tmpdir(), 'starlight-twin-')));
    const env = { STARLIGHT_DATA_DIR: dirs[0]!, STARLIGHT_LOG_LEVEL: 'warn' };
    a = await startTestApp({ database, bus: busA, env });
    b = await startTestApp({ database, bus: busB, env });
    tokenA = await login(a.app, 'demo-bound', demoPassword);
    tokenB = await login(b.app, 'demo-bound', demoPassword);
  });
  afterAll(async () => {
    await a.app.close().catch(() => undefined);
    await busA.close();
    await b.app.close();
    await busB.close();
    await database.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("brings a message sent through one instance to a live stream opened on the other", async () => {
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await login(b.app, 'demo-auditor', demoPassword);
    const abort = new AbortController();
    const stream = await fetch(`${address}/api/message/stream`, { headers: tokenHeader(user), signal: abort.signal });
    const reader = stream.body!.getReader();
    await reader.read(); // the opening comment: the listener is in place
    const admin = await login(a.app, 'admin', adminPassword);
    const set = await call(a.app, 'POST', '/kcluster/cluster_quota', admin, { cluster_name: 'local', user_name: 'demo-auditor', cpu_seconds_limit: 36_000 });
    expect(set.code).toBe(200);
    let text = '';
    const deadline = Date.now() + 10_000;
    while (!text.includes('\n\n', text.indexOf('event: message')) && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    expect(text).toContain('event: message');
    expect(text).toContain('quota_changed');
  });

  it('tells the other instance of a submit at once: its next list syncs and shows the job', async () => {
    // B has just synced: without the message its next list would be served from its 2-second-old copy
    await call(b.app, 'GET', '/job/jobs', tokenB);
    const told = nextMessage(busB, 'jobs.changed');
    const submitted = await call<{ job_id: string }>(a.app, 'POST', '/job/jobs', tokenA, { partition: 'local', name: 'via-a', script: 'sleep 1' });
    expect(submitted.code).toBe(200);
    await told;
    const list = (await call<List<Job>>(b.app, 'GET', '/job/jobs', tokenB)).spec;
    expect(list.list.map((j) => j.job_id)).toContain(submitted.spec.job_id);
  });

  it("tells the other instance that a write made its measured storage usage stale", async () => {
    const usedOn = async (app: TestApp['app'], token: string) =>
      (await call<List<StorageSpecItem>>(app, 'GET', '/storage/hpc/storage/spec?cluster=local&verbose=1', token)).spec.list.find((s) => s.StorageName === 'home')?.used_bytes;
    const before = await usedOn(b.app, tokenB); // measured, and kept for a minute on B
    expect(typeof before).toBe('number');
    const told = nextMessage(busB, 'storage.usage');
    const put = await a.app.inject({ method: 'PUT', url: api('/storage/upload?path=usage.bin&cluster=local&storage=home'), headers: { ...tokenHeader(tokenA), 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(4096, 1) });
    expect(put.statusCode).toBe(200);
    await told;
    expect(await usedOn(b.app, tokenB)).toBe((before ?? 0) + 4096);
  });

  it('runs a job submitted through the follower on the leader, and cancels through the follower', async () => {
    expect([busA.isLeader(), busB.isLeader()]).toEqual([true, false]);
    const done = await call<{ job_id: string }>(b.app, 'POST', '/job/jobs', tokenB, { partition: 'local', name: 'via-b', script: 'echo twin' });
    expect(done.code).toBe(200);
    await waitForJob(b.app, tokenB, '/job/jobs', done.spec.job_id, (j) => j.state === 'COMPLETED');
    const sleeper = await call<{ job_id: string }>(b.app, 'POST', '/job/jobs', tokenB, { partition: 'local', name: 'sleeper', script: 'sleep 60' });
    await waitForJob(b.app, tokenB, '/job/jobs', sleeper.spec.job_id, (j) => j.state === 'RUNNING');
    expect((await call(b.app, 'DELETE', `/job/job/local/${sleeper.spec.job_id}`, tokenB)).code).toBe(200);
    await waitForJob(a.app, tokenA, '/job/jobs', sleeper.spec.job_id, (j) => j.state === 'CANCELLED', 10_000);
  });

  it('hands the local queue to the other instance when the leader closes', async () => {
    await a.app.close();
    await busA.close();
    await until('the second instance to lead', () => busB.isLeader());
    const after = await call<{ job_id: string }>(b.app, 'POST', '/job/jobs', tokenB, { partition: 'local', name: 'after', script: 'true' });
    expect(after.code).toBe(200);
    await waitForJob(b.app, tokenB, '/job/jobs', after.spec.job_id, (j) => j.state === 'COMPLETED');
  });
});

describe.skipIf(!pgUrl)('avatars with two instances', () => {
  let database: TestDatabase;
  const twins: TestApp[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    // separate data folders: nothing may be found on the other instance's disk by luck
    for (let i = 0; i < 2; i++) {
      dirs.push(await mkdtemp(path.join(os.tmpdir(), 'starlight-avatar-')));
      twins.push(await startTestApp({ database, env: { STARLIGHT_DATA_DIR: dirs[i]!, STARLIGHT_LOG_LEVEL: 'warn' } }));
    }
  });
  afterAll(async () => {
    for (const twin of twins) await twin.app.close();
    await database.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('serves an avatar uploaded through one instance from the other', async () => {
    const [a, b] = twins as [TestApp, TestApp];
    const token = await login(a.app, 'demo-bound', demoPassword);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const up = await a.app.inject({ method: 'POST', url: api('/user/user/user_avatar'), headers: { ...tokenHeader(token), 'content-type': 'image/png' }, payload: png });
    const avatar = (up.json() as { spec: { avatar: string } }).spec.avatar;
    const served = await b.app.inject({ url: api(avatar.replace('{address}', '')) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});
