import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDetail, Run, RunDetail } from '@starlight/contract/apps';
import type { List } from '@starlight/contract/envelope';
import type { Partition } from '@starlight/contract/hpc';
import { appRuns } from '../src/db/schema/apps';
import { localJobs } from '../src/db/schema/jobs';
import { findCwltool } from '../src/drivers/workflows/engine-binaries';
import { demoApps } from '../src/modules/apps/demo-apps';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { storageClient, type StorageClient } from './storage-helpers';

/*
 * The application center through the API (issue 10): CWL saved exactly as written and validated by the real
 * cwltool, the bad inputs refused with the field named and nothing submitted, and a real cwltool run of the demo
 * word count on the embedded cluster as the bound account.
 */
const hasCwltool = (await findCwltool()) !== null;
if (!hasCwltool && process.env.CI === 'true') throw new Error('cwltool is missing: scripts/services/cwl-up.sh installs it');

let t: TestApp;
let dataDir: string;
let admin: string;
let bound: string; // demo-bound → demo_lab_bound (seeded)
let other: string; // demo-gadmin
let files: StorageClient;

const tool = `cwlVersion: v1.2
class: CommandLineTool
# a comment the export keeps
baseCommand: [wc, -w]
inputs:
  file: {type: File, inputBinding: {position: 1}}
  mode:
    type: {type: enum, symbols: [fast, slow]}
    default: fast
  count: int?
stdout: out.txt
outputs:
  out: {type: stdout}
`;

// the demo workflow with its count step feeding sort: sort → count → sort
const cyclic = demoApps[2]!.cwl.replace('      file: files\n    out: [sorted]', '      file: count/counts\n    out: [sorted]');
const takesInt = `cwlVersion: v1.2
class: CommandLineTool
baseCommand: echo
inputs:
  times: {type: int, inputBinding: {position: 1}}
outputs: []
`;
const mismatched = `cwlVersion: v1.2
class: Workflow
inputs:
  file: File
outputs: []
steps:
  n:
    run: n.cwl
    in: {times: file}
    out: []
`;
const sleepy = `cwlVersion: v1.2
class: CommandLineTool
requirements:
  ResourceRequirement: {ramMin: 200}
baseCommand: [sh, -c, 'sleep 8; wc -w < "$0"']
inputs:
  file: {type: File, inputBinding: {position: 1}}
stdout: counts.txt
outputs:
  counts: {type: stdout}
`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-apps-'));
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, bound, other] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-bound', demoPassword), login(t.app, 'demo-gadmin', demoPassword)]);
  files = await storageClient(t.app, 'demo-bound');
  await files.post('/storage/mkdir', { path: 'data' });
  expect((await files.put('/storage/upload', { path: 'data/words.txt' }, Buffer.from('one two three\nfour five\n'))).response.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

const runCount = async () => (await t.database.db.select({ n: count() }).from(appRuns))[0]!.n;
const jobCount = async () => (await t.database.db.select({ n: count() }).from(localJobs))[0]!.n;
const fieldsOf = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] } | null)?.fields ?? []).map((f) => f.path);

describe.skipIf(!hasCwltool)('apps as CWL documents', () => {
  it('saves a tool as written, validated by cwltool, and exports it byte for byte', async () => {
    const created = await call<AppDetail>(t.app, 'POST', '/app/apps', bound, { name: 'my-wc', cwl: tool, main_file: 'wc.cwl' });
    expect(created.code).toBe(200);
    expect(created.spec.version.inputs.map((i) => [i.id, i.optional])).toEqual([
      ['file', false],
      ['mode', true],
      ['count', true],
    ]);
    const exported = await t.app.inject({ url: api('/app/apps/my-wc/export'), headers: tokenHeader(bound) });
    expect(exported.body).toBe(tool);
    // each save is a new version; the first one stays as it was
    const v2 = await call<AppDetail>(t.app, 'POST', '/app/apps/my-wc/versions', bound, { cwl: tool.replace('-w', '-l'), main_file: 'wc.cwl' });
    expect(v2.spec.version.version).toBe(2);
    expect((await t.app.inject({ url: api('/app/apps/my-wc/export?version=1'), headers: tokenHeader(bound) })).body).toBe(tool);
  }, 60_000);

  it('accepts the demo apps (their texts are seeded without the engine, so cwltool checks them here)', async () => {
    const detail = await call<AppDetail>(t.app, 'POST', '/app/validate', bound, { cwl: demoApps[2]!.cwl, main_file: 'sort-and-count.cwl' });
    expect(detail.code).toBe(200);
    expect((detail.spec as unknown as { uses: { name: string }[] }).uses.map((u) => u.name).sort()).toEqual(['sort-lines', 'word-count']);
    for (const demo of demoApps.slice(0, 2)) expect((await call(t.app, 'POST', '/app/validate', bound, { cwl: demo.cwl, main_file: `${demo.name}.cwl` })).code).toBe(200);
  }, 60_000);

  it.each([
    ['YAML that does not parse', { cwl: 'class: [unclosed', main_file: 'x.cwl' }, 'body.cwl:text'],
    ['a type cwltool does not know', { cwl: tool.replace('type: File', 'type: Fiel'), main_file: 'x.cwl' }, 'body.cwl:inputs.file.type'],
    ['a field cwltool refuses', { cwl: tool.replace('stdout: out.txt', 'stdout: out.txt\nbogus_field: 1'), main_file: 'x.cwl' }, 'body.cwl:'],
    ['a run: outside the upload', { cwl: demoApps[2]!.cwl.replace('run: sort-lines.cwl', 'run: ../../etc/x.cwl'), main_file: 'w.cwl' }, 'body.cwl:steps.sort.run'],
    ['a run: URL', { cwl: demoApps[2]!.cwl.replace('run: sort-lines.cwl', 'run: https://example.com/x.cwl'), main_file: 'w.cwl' }, 'body.cwl:steps.sort.run'],
    ['a cycle of files', { cwl: demoApps[2]!.cwl.replace('run: sort-lines.cwl', 'run: b.cwl'), main_file: 'w.cwl', files: { 'b.cwl': demoApps[2]!.cwl.replace('run: sort-lines.cwl', 'run: w.cwl') } }, 'body.cwl:steps'],
    ['a file name climbing out', { cwl: tool, main_file: '../x.cwl' }, 'body.main_file'],
  ])('refuses %s with 1400 naming the field', async (_what, payload, field) => {
    const reply = await call(t.app, 'POST', '/app/apps', bound, { name: 'bad-app', ...payload });
    expect(reply.code).toBe(1400);
    expect(fieldsOf(reply).some((p) => p.startsWith(field))).toBe(true);
    expect((await call(t.app, 'GET', '/app/apps/bad-app', bound)).code).toBe(1404);
  }, 60_000);

  it.each([
    ['a cycle of steps', { cwl: cyclic, main_file: 'w.cwl' }, 'body.cwl:steps.sort', /steps sort, count form a cycle/],
    ['a File feeding an int input', { cwl: mismatched, main_file: 'w.cwl', files: { 'n.cwl': takesInt } }, 'body.cwl:steps.n.in.times', /^file \(File\) cannot feed n\/times \(int\)$/],
    ['a File[] feeding a File without scatter', { cwl: demoApps[2]!.cwl.replace('    scatter: file\n    in:\n      file: files', '    in:\n      file: files') , main_file: 'w.cwl' }, 'body.cwl:steps.sort.in.file', /files \(File\[\]\) cannot feed sort\/file \(File\) without scatter/],
  ])('refuses %s on save with 1400 naming the step or port (our graph check, before the engine)', async (_what, payload, field, message) => {
    const reply = await call(t.app, 'POST', '/app/apps', bound, { name: 'bad-graph', ...payload });
    expect(reply.code).toBe(1400);
    const fields = (reply.spec as { fields: { path: string; message: string }[] }).fields;
    expect(fields.map((f) => f.path)).toEqual([field]);
    expect(fields[0]!.message).toMatch(message);
    expect((await call(t.app, 'GET', '/app/apps/bad-graph', bound)).code).toBe(1404);
  }, 60_000);

  it("hides another user's private app (1404) and keeps them from changing a visible one (1403)", async () => {
    expect((await call(t.app, 'GET', '/app/apps/my-wc', other)).code).toBe(1404);
    expect((await call(t.app, 'POST', '/app/apps/my-wc/runs', other, { partition: 'local', job_order: {} })).code).toBe(1404);
    expect((await call(t.app, 'GET', '/app/apps/my-wc', admin)).code).toBe(200);
    expect((await call(t.app, 'GET', '/app/apps/word-count', other)).code).toBe(200); // public demo app
    expect((await call(t.app, 'POST', '/app/apps/word-count/versions', other, { cwl: tool })).code).toBe(1403);
    const list = await call<List<{ name: string }>>(t.app, 'GET', '/app/apps?field_lk_name=wc', other);
    expect(list.spec.list.map((a) => a.name)).not.toContain('my-wc');
  });

  it('puts labels on apps through the spec calls and filters the catalogue by them', async () => {
    const type = await call<{ id: number }>(t.app, 'POST', '/label/type', admin, { name: 'app-topic' });
    const label = await call<{ id: number }>(t.app, 'POST', '/label/label', admin, { name: 'text', label_type_id: type.spec.id });
    const app = await call<AppDetail>(t.app, 'GET', '/app/apps/word-count', admin);
    expect((await call(t.app, 'POST', '/label/relation/app', bound, { app_id: app.spec.id, label_id: label.spec.id })).code).toBe(1403);
    expect((await call(t.app, 'POST', '/label/relation/app', admin, { app_id: app.spec.id, label_id: label.spec.id })).code).toBe(200);
    const filtered = await call<List<{ name: string }>>(t.app, 'GET', `/app/apps?field_eq_label=${label.spec.id}`, bound);
    expect(filtered.spec.list.map((a) => a.name)).toEqual(['word-count']);
    // /label/app/image/{id} lists the images the app's DockerRequirement names (issue 13; word-count names none)
    expect((await call<unknown[]>(t.app, 'GET', `/label/app/image/${app.spec.id}`, bound)).spec).toEqual([]);
    expect((await call(t.app, 'DELETE', '/label/relation/app/', admin, { app_id: app.spec.id, label_id: label.spec.id })).code).toBe(200);
  });
});

describe.skipIf(!hasCwltool)('launching and running', () => {
  const launch = (token: string, app: string, payload: Record<string, unknown>) => call<Run>(t.app, 'POST', `/app/apps/${app}/runs`, token, payload);

  it.each([
    ['a missing required input', { partition: 'local', job_order: {} }, 'body.job_order.file', 1400],
    ['a value of the wrong type', { partition: 'local', job_order: { file: { class: 'File', path: 'data/words.txt' }, count: 'many' } }, 'body.job_order.count', 1400],
    ['an enum value not listed', { partition: 'local', job_order: { file: { class: 'File', path: 'data/words.txt' }, mode: 'medium' } }, 'body.job_order.mode', 1400],
    ['an input the app does not have', { partition: 'local', job_order: { file: { class: 'File', path: 'data/words.txt' }, extra: 1 } }, 'body.job_order.extra', 1400],
    ['a File outside the storage', { partition: 'local', job_order: { file: { class: 'File', path: '/etc/passwd' } } }, 'body.job_order.file.path', 1400],
    ['a File climbing out with ..', { partition: 'local', job_order: { file: { class: 'File', path: '../../x' } } }, 'body.job_order.file.path', 1400],
    ['a File that is a directory', { partition: 'local', job_order: { file: { class: 'File', path: 'data' } } }, 'body.job_order.file.path', 1400],
    ['a File by URL', { partition: 'local', job_order: { file: { class: 'File', location: 'http://example.com/x' } } }, 'body.job_order.file.path', 1400],
    ['an unknown partition', { partition: 'nope', job_order: { file: { class: 'File', path: 'data/words.txt' } } }, 'body.partition', 1400],
  ])('refuses %s, naming the field, with nothing written or submitted', async (_what, payload, field, code) => {
    const [runs, jobs] = [await runCount(), await jobCount()];
    const reply = await launch(bound, 'my-wc', payload);
    expect(reply.code).toBe(code);
    expect(fieldsOf(reply)).toContain(field);
    expect([await runCount(), await jobCount()]).toEqual([runs, jobs]);
    await expect(stat(path.join(dataDir, 'homes', 'demo_lab_bound', 'app-runs'))).rejects.toThrow();
  });

  let run: Run;
  it('runs the demo word count with the real cwltool as the bound account, output in its storage', async () => {
    const reply = await launch(bound, 'word-count', { partition: 'local', job_order: { file: { class: 'File', path: 'data/words.txt' } } });
    expect(reply.info).toBe('ok');
    run = reply.spec;
    expect(run).toMatchObject({ engine: 'cwltool', account: 'demo_lab_bound', cluster: 'local', version: 1 });
    let detail: RunDetail | undefined;
    for (let i = 0; i < 120; i++) {
      detail = (await call<RunDetail>(t.app, 'GET', `/app/runs/word-count/${run.uuid}`, bound)).spec;
      if (['done', 'failed', 'cancelled'].includes(detail.state)) break;
      await sleep(1000);
    }
    expect(detail?.error ?? null).toBe(null);
    expect(detail?.state).toBe('done');
    expect(detail?.steps).toMatchObject([{ name: 'word-count.cwl', state: 'done', job_ids: [run.job_id] }]);
    // the step's own log: its command line and how it ended, read from the run's folder as the account
    expect(detail?.steps[0]?.log).toMatch(/\[job word-count\.cwl\] .*\$ wc \\?/);
    expect(detail?.steps[0]?.log).toContain('completed success');
    const counts = (detail?.outputs as { counts: { home_path: string } }).counts;
    expect(counts.home_path).toBe(`app-runs/word-count/${run.uuid}/out/counts.txt`);
    const text = await readFile(path.join(dataDir, 'homes', 'demo_lab_bound', counts.home_path), 'utf8');
    expect(text.trim().split(/\s+/).slice(0, 2)).toEqual(['2', '5']);
    // the engine ran as the account's own Unix user: its output is that user's file
    const owner = (await stat(path.join(dataDir, 'homes', 'demo_lab_bound', counts.home_path))).uid;
    expect(owner).toBe((await stat(path.join(dataDir, 'homes', 'demo_lab_bound'))).uid);
    // the version it pinned cannot be deleted
    expect((await call(t.app, 'GET', '/app/runs?field_eq_app=word-count', bound)).spec).toMatchObject({ total: 1 });
  }, 150_000);

  it("hides the run from another user (1404) and refuses a partition they may not use (1403)", async () => {
    expect((await call(t.app, 'GET', `/app/runs/word-count/${run.uuid}`, other)).code).toBe(1404);
    expect((await call(t.app, 'DELETE', `/app/runs/word-count/${run.uuid}`, other)).code).toBe(1404);
    const partitions = (await call<List<Partition>>(t.app, 'GET', '/kcluster/partitions', admin)).spec.list;
    const local = partitions.find((p) => p.name === 'local')!;
    expect((await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}`, admin, { init_type: 'private' })).code).toBe(200);
    try {
      const runs = await runCount();
      const reply = await launch(bound, 'word-count', { partition: 'local', job_order: { file: { class: 'File', path: 'data/words.txt' } } });
      expect(reply.code).toBe(1403);
      expect(await runCount()).toBe(runs);
    } finally {
      await call(t.app, 'PATCH', `/kcluster/partitions/${local.id}`, admin, { init_type: 'public' });
    }
  });

  it('applies the app-params limits of a partition (1400 naming the resource)', async () => {
    expect((await call(t.app, 'POST', '/app/params', bound, { cluster: 'local', partition: 'local', max_cpus: 1 })).code).toBe(1403);
    expect((await call(t.app, 'POST', '/app/params', admin, { cluster: 'local', partition: 'local', max_cpus: 1 })).code).toBe(200);
    const reply = await launch(bound, 'word-count', { partition: 'local', cpus: 2, job_order: { file: { class: 'File', path: 'data/words.txt' } } });
    expect(reply.code).toBe(1400);
    expect(fieldsOf(reply)).toEqual(['body.cpus']);
  });
});

describe.skipIf(!hasCwltool)('resources, cancel, administration and restart', () => {
  const launch = (token: string, app: string, payload: Record<string, unknown>) => call<Run>(t.app, 'POST', `/app/apps/${app}/runs`, token, payload);
  const jobRow = async (id: string) => (await t.database.db.select().from(localJobs).where(eq(localJobs.jobId, Number(id))))[0]!;
  const detailOf = async (app: string, uuid: string) => (await call<RunDetail>(t.app, 'GET', `/app/runs/${app}/${uuid}`, bound)).spec;
  async function until(app: string, uuid: string, done: (d: RunDetail) => boolean, tries = 120): Promise<RunDetail> {
    let detail = await detailOf(app, uuid);
    for (let i = 0; i < tries && !done(detail); i++) {
      await sleep(500);
      detail = await detailOf(app, uuid);
    }
    return detail;
  }
  const words = { file: { class: 'File', path: 'data/words.txt' } };

  it("hands the memory to the scheduler: the form's memory_mb, else the app's ResourceRequirement ramMin", async () => {
    await call(t.app, 'POST', '/app/params', admin, { cluster: 'local', partition: 'local' }); // no limits left from before
    expect((await call(t.app, 'POST', '/app/apps', bound, { name: 'sleepy-wc', cwl: sleepy, main_file: 'sleepy.cwl' })).code).toBe(200);
    const fromApp = await launch(bound, 'sleepy-wc', { partition: 'local', job_order: words });
    expect(fromApp.code, fromApp.info).toBe(200);
    expect((await jobRow(fromApp.spec.job_id!)).env).toMatchObject({ SLURM_MEM_PER_NODE: '200' });
    const fromForm = await launch(bound, 'sleepy-wc', { partition: 'local', memory_mb: 300, job_order: words });
    expect((await jobRow(fromForm.spec.job_id!)).env).toMatchObject({ SLURM_MEM_PER_NODE: '300' });
    // more than the node has is the scheduler's refusal, as Slurm's would be
    expect((await launch(bound, 'sleepy-wc', { partition: 'local', memory_mb: 64 * 1024 * 1024, job_order: words })).code).toBe(1400);
    for (const r of [fromApp.spec, fromForm.spec]) expect((await call(t.app, 'DELETE', `/app/runs/sleepy-wc/${r.uuid}`, bound)).code).toBe(200);
  }, 60_000);

  it("cancels a run: every step's job cancelled and the run, with each unfinished step, cancelled", async () => {
    const reply = await launch(bound, 'sort-and-count', { partition: 'local', job_order: { files: [words.file, words.file] } });
    expect(reply.code, reply.info).toBe(200);
    const cancelled = await call<Run>(t.app, 'DELETE', `/app/runs/sort-and-count/${reply.spec.uuid}`, bound);
    expect(cancelled.spec.state).toBe('cancelled');
    const detail = await detailOf('sort-and-count', reply.spec.uuid);
    expect(detail.state).toBe('cancelled');
    expect(detail.steps.map((s) => [s.name, s.state])).toEqual([
      ['sort', 'cancelled'],
      ['count', 'cancelled'],
    ]);
    const ids = new Set(detail.steps.flatMap((s) => s.job_ids));
    expect([...ids]).toEqual([reply.spec.job_id]);
    for (const id of ids) {
      let state = (await jobRow(id)).state;
      for (let i = 0; i < 40 && state !== 'CANCELLED'; i++) state = (await sleep(250).then(() => jobRow(id))).state;
      expect(state).toBe('CANCELLED');
    }
    // a second cancel changes nothing
    expect((await call<Run>(t.app, 'DELETE', `/app/runs/sort-and-count/${reply.spec.uuid}`, bound)).spec.state).toBe('cancelled');
  }, 60_000);

  it('transfers ownership, deletes a version no run pins and refuses one a run pins (1409)', async () => {
    // sleepy-wc v1 is pinned by the runs above; v2 and v3 are new
    expect((await call(t.app, 'POST', '/app/apps/sleepy-wc/versions', bound, { cwl: sleepy.replace('sleep 8', 'sleep 7'), main_file: 'sleepy.cwl' })).code).toBe(200);
    expect((await call(t.app, 'POST', '/app/apps/sleepy-wc/versions', bound, { cwl: sleepy.replace('sleep 8', 'sleep 6'), main_file: 'sleepy.cwl' })).code).toBe(200);
    expect((await call(t.app, 'DELETE', '/app/apps/sleepy-wc/versions/2', bound)).code).toBe(1403);
    const pinned = await call(t.app, 'DELETE', '/app/apps/sleepy-wc/versions/1', admin);
    expect(pinned.code).toBe(1409);
    expect(pinned.info).toMatch(/pinned by 2 run/);
    expect((await call(t.app, 'DELETE', '/app/apps/sleepy-wc/versions/3', admin)).code).toBe(1409); // the latest
    expect((await call(t.app, 'DELETE', '/app/apps/sleepy-wc/versions/2', admin)).code).toBe(200);
    expect((await call<AppDetail>(t.app, 'GET', '/app/apps/sleepy-wc', bound)).spec.versions).toEqual([3, 1]);
    expect((await call(t.app, 'GET', '/app/apps/sleepy-wc?version=2', bound)).code).toBe(1404);
    // transfer: administrators only; the private app then belongs to (and is seen by) the new owner only
    expect((await call(t.app, 'POST', '/app/apps/sleepy-wc/transfer', bound, { owner_kind: 'user', user_name: 'demo-gadmin' })).code).toBe(1403);
    expect((await call(t.app, 'POST', '/app/apps/sleepy-wc/transfer', admin, { owner_kind: 'user', user_name: 'nobody-here' })).code).toBe(1400);
    const moved = await call<AppDetail>(t.app, 'POST', '/app/apps/sleepy-wc/transfer', admin, { owner_kind: 'user', user_name: 'demo-gadmin' });
    expect(moved.spec).toMatchObject({ owner_kind: 'user', owner_user_name: 'demo-gadmin', visibility: 'private' });
    expect((await call(t.app, 'GET', '/app/apps/sleepy-wc', other)).code).toBe(200);
    expect((await call(t.app, 'GET', '/app/apps/sleepy-wc', bound)).code).toBe(1404);
    const platform = await call<AppDetail>(t.app, 'POST', '/app/apps/sleepy-wc/transfer', admin, { owner_kind: 'platform' });
    expect(platform.spec).toMatchObject({ owner_kind: 'platform', owner_user_name: null });
  }, 60_000);

  it('shows a public app without login on the public /workflow call, and answers 1404 for a private or missing one', async () => {
    const anonymous = async (name: string) => JSON.parse((await t.app.inject({ url: api(`/app/public/${name}`) })).body) as { code: number; spec: AppDetail | null };
    const open = await anonymous('sort-and-count');
    expect(open.code).toBe(200);
    expect(open.spec).toMatchObject({ name: 'sort-and-count', visibility: 'public' });
    expect(open.spec!.version).toMatchObject({ class: 'Workflow', cwl: demoApps[2]!.cwl });
    for (const hidden of ['my-wc', 'sleepy-wc', 'no-such-app']) expect((await anonymous(hidden)).code).toBe(1404);
    // publishing makes it readable; the same call with a token is no different
    expect((await call(t.app, 'PATCH', '/app/apps/my-wc', bound, { visibility: 'public' })).code).toBe(200);
    expect((await anonymous('my-wc')).code).toBe(200);
    expect((await call(t.app, 'PATCH', '/app/apps/my-wc', bound, { visibility: 'private' })).code).toBe(200);
    expect((await anonymous('my-wc')).code).toBe(1404);
  });

  it('loses no run across a restart: a new server on the same database re-reads the running run, which finishes', async () => {
    expect((await call(t.app, 'POST', '/app/apps', bound, { name: 'sleepy-two', cwl: sleepy, main_file: 'sleepy.cwl' })).code).toBe(200);
    const reply = await launch(bound, 'sleepy-two', { partition: 'local', job_order: words });
    expect(reply.code, reply.info).toBe(200);
    const running = await until('sleepy-two', reply.spec.uuid, (d) => d.state !== 'queued');
    expect(running.state).toBe('running');
    await t.app.close();
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' }, database: t.database });
    const again = await detailOf('sleepy-two', reply.spec.uuid);
    expect(again).toMatchObject({ uuid: reply.spec.uuid, job_id: reply.spec.job_id });
    expect(['running', 'done']).toContain(again.state);
    const finished = await until('sleepy-two', reply.spec.uuid, (d) => ['done', 'failed', 'cancelled'].includes(d.state), 120);
    expect(finished.error).toBe(null);
    expect(finished.state).toBe('done');
    expect(finished.steps).toMatchObject([{ name: 'sleepy.cwl', state: 'done' }]);
    const counts = (finished.outputs as { counts: { home_path: string } }).counts;
    expect((await readFile(path.join(dataDir, 'homes', 'demo_lab_bound', counts.home_path), 'utf8')).trim()).toBe('5');
  }, 120_000);
});
