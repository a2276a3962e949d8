import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindReplies, type Cluster } from '@starlight/contract/hpc';
import type { ConnectSessionResult, Session } from '@starlight/contract/interactive';
import type { JobDetail } from '@starlight/contract/jobs';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { bindOverSocket, call, getUuid, holdRealSlurmDuringSuite, realSlurmSettings, slurmSshEnvNames } from './hpc-helpers';
import { connectOver, listenLocal, openSocket, redeemTicket, runInKernel, sessionOriginOf, waitForSession } from './interactive-helpers';

/*
 * Issue 14 on the real Slurm: the Jupyter session is a Slurm job of the bound account (sl_alice_lab, from
 * scripts/services/sshd-up.sh), its folder made and its connection file read over SFTP as that account, the
 * proxy connecting to the node's address as slurmctld knows it. Skipped when SLURMRESTD_URL is empty outside
 * CI; in CI a missing variable or a missing jupyter-notebook fails the suite.
 */
const run = promisify(execFile);
const env = process.env;
const missing = slurmSshEnvNames.filter((name) => env[name] === undefined);
if (env.CI === 'true' && (missing.length > 0 || !existsSync('/usr/bin/jupyter-notebook')))
  throw new Error(`interactive-slurm.engine.test.ts cannot run in CI: ${missing.length > 0 ? `missing ${missing.join(', ')}` : 'no jupyter-notebook'}`);
const reason = !env.SLURMRESTD_URL ? 'SLURMRESTD_URL is empty' : missing.length > 0 ? `missing ${missing.join(', ')}` : !existsSync('/usr/bin/jupyter-notebook') ? 'no jupyter-notebook' : process.getuid?.() !== 0 ? 'not root' : null;
if (reason) console.warn(`[interactive-slurm] skipped: ${reason} — source /tmp/services.env`);

const account = 'sl_alice_lab';

describe.skipIf(reason !== null)('Jupyter sessions on the real Slurm, through the proxy', { timeout: 120_000 }, () => {
  holdRealSlurmDuringSuite();
  let t: TestApp;
  let dataDir: string;
  let origin: string;
  let alice: string; // demo-user, binds sl_alice_lab
  let other: string; // demo-bound: bound to demo_lab_bound, given its association by the grant
  let session: Session | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-slurm-sessions-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    origin = await listenLocal(t.app);
    const admin = await login(t.app, 'admin', adminPassword);
    [alice, other] = await Promise.all([login(t.app, 'demo-user', demoPassword), login(t.app, 'demo-bound', demoPassword)]);
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, { name: 'devcluster', driver: 'slurm', settings: realSlurmSettings() });
    expect(created.code, created.info).toBe(200);
    expect((await call(t.app, 'POST', '/kcluster/partition_quota', admin, { cluster_name: 'devcluster', partition_name: 'debug', group_name: 'demo-lab' })).code).toBe(200);
    const uuid = await getUuid(t.app, alice);
    const proof = path.join('/home', account, '.starlight-bind');
    await writeFile(proof, `${uuid}\n`, { mode: 0o600 });
    const ids = (flag: string) => run('id', [flag, account]).then((r) => Number(r.stdout.trim()));
    await chown(proof, await ids('-u'), await ids('-g'));
    expect(await bindOverSocket(t.app, alice, account, uuid)).toBe(bindReplies.bound);
    await rm(proof, { force: true });
  }, 180_000);
  afterAll(async () => {
    if (session) await run('scancel', [session.job_id]).catch(() => undefined);
    // the login node's home outlives the test
    if (session) await rm(path.join('/home', account, session.folder), { recursive: true, force: true });
    for (const seeded of ['demo_lab_bound', 'demo_lab_gadmin']) await run('sacctmgr', ['-i', 'delete', 'user', 'where', `name=${seeded}`]).catch(() => undefined);
    if (t) await stopTestApp(t);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs Jupyter as a Slurm job of the account, reached through the proxy by its owner only', async () => {
    const launched = await call<Session>(t.app, 'POST', '/session/sessions', alice, { app: 'jupyter', cluster: 'devcluster', partition: 'debug', memory_mb: 256, hours: 0.5 });
    expect(launched.code, launched.info).toBe(200);
    session = await waitForSession(t.app, alice, launched.spec.id, 'running', 100_000);
    expect(session.node).toBe('node01');
    // the memory request reached slurmctld (--mem)
    expect((await run('scontrol', ['show', 'job', session.job_id])).stdout).toMatch(/MinMemoryNode=256M/);
    // the session origin: a ticket from the console, swapped for that origin's cookie
    const connect: ConnectSessionResult = (await connectOver(origin, alice, session.id)).spec;
    const { cookie } = await redeemTicket(connect.url);
    expect(cookie).toMatch(/^sl_session=/);
    const base = `http://${sessionOriginOf(t.app)}/session/${session.id}/proxy/`;
    const headers = { cookie, authorization: `token ${connect.secret}`, 'content-type': 'application/json' };
    const kernel = (await (await fetch(`${base}api/kernels`, { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const opened = await openSocket(`${base}api/kernels/${kernel.id}/channels?token=${connect.secret}`.replace('http:', 'ws:'), { cookie, origin: `http://${sessionOriginOf(t.app)}` });
    if (!('ws' in opened)) throw new Error(`kernel socket refused: ${opened.status} ${opened.body}`);
    expect((await runInKernel(opened.ws, 'import getpass; print(getpass.getuser())')).trim()).toBe(account);
    opened.ws.close();
    // another bound user gets no ticket (as if the session did not exist); the console's token opens nothing
    // on the session origin, over HTTP and websockets
    expect((await connectOver(origin, other, session.id)).code).toBe(1404);
    expect((await fetch(`${base}api/status`, { headers: { 'bihu-token': other, authorization: `token ${connect.secret}` } })).status).toBe(401);
    const refused = await openSocket(`${base}api/kernels/${kernel.id}/channels?token=${connect.secret}`.replace('http:', 'ws:'), { 'bihu-token': other });
    expect('status' in refused && refused.status).toBe(401);
  });

  it("extends the session: slurmctld raises the job's time limit (an operator's change), within the partition's MaxTime", async () => {
    const extended = await call<Session>(t.app, 'POST', `/session/${session!.id}/extend`, alice, { hours: 0.25 });
    expect(extended.code, extended.info).toBe(200);
    expect((await run('scontrol', ['show', 'job', session!.job_id])).stdout).toMatch(/TimeLimit=00:45:00/);
    expect(Date.parse(extended.spec.ends_at!) - Date.parse(session!.ends_at!)).toBe(15 * 60_000);
    // debug's MaxTime is 60 minutes
    const over = await call(t.app, 'POST', `/session/${session!.id}/extend`, alice, { hours: 0.5 });
    expect(over.code).toBe(1400);
    expect((await call(t.app, 'POST', `/session/${session!.id}/extend`, other, { hours: 0.25 })).code).toBe(1404);
  });

  it('ends the session: the Slurm job is cancelled', async () => {
    const ended = await call<Session>(t.app, 'DELETE', `/session/${session!.id}`, alice);
    expect(ended.spec.state).toBe('completed');
    let job: JobDetail | undefined;
    for (let i = 0; i < 40 && job?.state !== 'CANCELLED'; i++) {
      job = (await call<JobDetail>(t.app, 'GET', `/job/job/devcluster/${session!.job_id}`, alice)).spec;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(job?.state).toBe('CANCELLED');
  });
});
