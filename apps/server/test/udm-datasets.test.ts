import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Dataset } from '@starlight/contract/udm';
import { udmDatasets } from '../src/db/schema/udm';
import { adminToken, call, createUser, freshName, setKeys, userPassword } from './admin-helpers';
import { bindReplies } from '@starlight/contract/hpc';
import { bindOverSocket } from './hpc-helpers';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { storageClient, tempDataDir } from './storage-helpers';

/**
 * Datasets (spec §2 /udm/uds, detail/:id): named, described, labelled sets of paths in the owner's
 * storage, shared read-only with the owner's group or by an expiring link. demo-bound and demo-gadmin
 * are both bound members of demo-lab; the outsider is a bound user in no group.
 */
let t: TestApp;
let data: { dir: string; remove: () => Promise<void> };
let owner: string;
let mate: string;
let outsider: string;
let admin: string;

const fieldsOf = (e: { spec: unknown }) => ((e.spec as { fields?: { path: string }[] } | null)?.fields ?? []).map((f) => f.path);

beforeAll(async () => {
  data = await tempDataDir();
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir } });
  admin = await adminToken(t);
  owner = await login(t.app, 'demo-bound', demoPassword);
  mate = await login(t.app, 'demo-gadmin', demoPassword);
  const outsiderName = freshName('udmout');
  await createUser(t, admin, outsiderName);
  outsider = await login(t.app, outsiderName, userPassword);
  const letters = (n: number) => Array.from(String(n), (d) => 'abcdefghij'[Number(d)]).join('');
  expect(await bindOverSocket(t.app, outsider, `udm_out_${letters(process.pid)}`)).toBe(bindReplies.bound);
  const me = await storageClient(t.app, 'demo-bound');
  await me.post('/storage/mkdir', { path: 'results' });
  await me.post('/storage/mkdir', { path: 'results/run1' });
  await me.put('/storage/upload', { path: 'results/run1/out.csv' }, Buffer.from('a,b\n1,2\n'));
  await me.put('/storage/upload', { path: 'notes.md' }, Buffer.from('# notes\n'));
}, 90_000);
afterAll(async () => {
  await stopTestApp(t);
  await data.remove();
});

const create = (token: string, payload: object) => call<Dataset>(t, token, 'POST', '/udm/dataset', payload);

describe('datasets', () => {
  it('creates, lists, edits and deletes a dataset of paths in the owner\'s storage', async () => {
    const created = await create(owner, { name: 'run-1', description: 'first run', labels: ['wrf', 'raw'], paths: ['results/run1', 'notes.md'] });
    expect(created.code).toBe(200);
    expect(created.spec).toMatchObject({ owner: 'demo-bound', name: 'run-1', description: 'first run', labels: ['wrf', 'raw'], paths: ['results/run1', 'notes.md'], shared_with_group: false });
    const id = created.spec.id;
    expect((await create(owner, { name: 'run-1', paths: ['notes.md'] })).code).toBe(1409);

    const listed = await call<List<Dataset>>(t, owner, 'GET', '/udm/dataset');
    expect(listed.spec.list.map((d) => d.name)).toContain('run-1');

    const edited = await call<Dataset>(t, owner, 'PATCH', `/udm/dataset/${id}`, { description: 'first run, cleaned', labels: ['wrf'], paths: ['results/run1/out.csv'] });
    expect(edited.code).toBe(200);
    expect(edited.spec).toMatchObject({ description: 'first run, cleaned', labels: ['wrf'], paths: ['results/run1/out.csv'] });
    expect((await call<Dataset>(t, owner, 'GET', `/udm/dataset/${id}`)).spec.description).toBe('first run, cleaned');

    expect((await call(t, owner, 'DELETE', `/udm/dataset/${id}`)).code).toBe(200);
    expect((await call(t, owner, 'GET', `/udm/dataset/${id}`)).code).toBe(1404);
    expect((await call<List<Dataset>>(t, owner, 'GET', '/udm/dataset')).spec.list.map((d) => d.name)).not.toContain('run-1');
  });

  it('shares read-only with the group: a member reads and cannot write; a non-member gets 1404', async () => {
    const created = await create(owner, { name: 'shared-set', paths: ['notes.md'], shared_with_group: true });
    expect(created.code).toBe(200);
    const id = created.spec.id;
    const private_ = await create(owner, { name: 'private-set', paths: ['notes.md'] });

    expect((await call<Dataset>(t, mate, 'GET', `/udm/dataset/${id}`)).spec).toMatchObject({ name: 'shared-set', owner: 'demo-bound' });
    expect((await call<List<Dataset>>(t, mate, 'GET', '/udm/dataset')).spec.list.map((d) => d.name)).toEqual(expect.arrayContaining(['shared-set']));
    expect((await call<List<Dataset>>(t, mate, 'GET', '/udm/dataset')).spec.list.map((d) => d.name)).not.toContain('private-set');
    expect((await call(t, mate, 'GET', `/udm/dataset/${private_.spec.id}`)).code).toBe(1404);
    // read-only: the member can neither change, delete nor share it
    expect((await call(t, mate, 'PATCH', `/udm/dataset/${id}`, { description: 'mine now' })).code).toBe(1404);
    expect((await call(t, mate, 'DELETE', `/udm/dataset/${id}`)).code).toBe(1404);
    expect((await call(t, mate, 'POST', `/udm/dataset/${id}/link`, { hours: 1 })).code).toBe(1404);
    expect((await call<Dataset>(t, owner, 'GET', `/udm/dataset/${id}`)).spec.description).toBe('');

    // outside the group: not found, and not listed
    expect((await call(t, outsider, 'GET', `/udm/dataset/${id}`)).code).toBe(1404);
    expect((await call<List<Dataset>>(t, outsider, 'GET', '/udm/dataset')).spec.list).toEqual([]);
    expect((await call(t, outsider, 'PATCH', `/udm/dataset/${id}`, { description: 'x' })).code).toBe(1404);

    // unsharing takes it away from the member
    expect((await call(t, owner, 'PATCH', `/udm/dataset/${id}`, { shared_with_group: false })).code).toBe(200);
    expect((await call(t, mate, 'GET', `/udm/dataset/${id}`)).code).toBe(1404);
  });

  it('serves an expiring link without signing in, then refuses it once expired', async () => {
    const created = await create(owner, { name: 'linked-set', description: 'by link', paths: ['results'] });
    const link = await call<{ token: string; expires_at: string }>(t, owner, 'POST', `/udm/dataset/${created.spec.id}/link`, { hours: 2 });
    expect(link.code).toBe(200);
    const expires = Date.parse(link.spec.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(expires - Date.now()).toBeLessThan(121 * 60_000);
    expect(fieldsOf(await call(t, owner, 'POST', `/udm/dataset/${created.spec.id}/link`, { hours: 721 }))).toEqual(['body.hours']);

    const shared = await call<Dataset>(t, null, 'GET', `/udm/shared/${link.spec.token}`);
    expect(shared.code).toBe(200);
    expect(shared.spec).toMatchObject({ name: 'linked-set', description: 'by link' });
    expect((await call(t, null, 'GET', `/udm/shared/${link.spec.token.slice(0, -2)}xx`)).code).toBe(1404);

    // the clock passes the expiry (the row's expiry moved one second into the past)
    await t.database.db.update(udmDatasets).set({ shareExpiresAt: new Date(Date.now() - 1000) }).where(eq(udmDatasets.id, created.spec.id));
    const expired = await call(t, null, 'GET', `/udm/shared/${link.spec.token}`);
    expect(expired.code).toBe(1404);
    expect(JSON.stringify(expired)).not.toContain('linked-set');
  });

  it('refuses paths outside the owner\'s storage, naming the field', async () => {
    expect(fieldsOf(await create(owner, { name: 'escape-1', paths: ['../etc'] }))).toEqual(['body.paths.0']);
    expect(fieldsOf(await create(owner, { name: 'escape-2', paths: ['notes.md', '/etc/passwd'] }))).toEqual(['body.paths.1']);
    expect(fieldsOf(await create(owner, { name: 'escape-3', paths: ['results/../../other'] }))).toEqual(['body.paths.0']);
    const missing = await create(owner, { name: 'escape-4', paths: ['no/such/thing'] });
    expect(missing.code).toBe(1400);
    expect(fieldsOf(missing)).toEqual(['body.paths.0']);
    // a link inside the home pointing out of it is not "in your storage"
    const home = path.join(data.dir, 'homes', 'demo_lab_bound');
    await mkdir(home, { recursive: true });
    await symlink('/etc', path.join(home, 'etc-link'));
    const viaLink = await create(owner, { name: 'escape-5', paths: ['etc-link/passwd'] });
    expect(viaLink.code).toBe(1400);
    expect(fieldsOf(viaLink)).toEqual(['body.paths.0']);
    const made = await create(owner, { name: 'fine', paths: ['notes.md'] });
    expect(fieldsOf(await call(t, owner, 'PATCH', `/udm/dataset/${made.spec.id}`, { paths: ['../../root'] }))).toEqual(['body.paths.0']);
  });

  it("answers 1404 for another user's dataset id, and for ids that do not exist", async () => {
    const theirs = await create(mate, { name: 'gadmin-set', paths: ['.'] });
    expect(theirs.code).toBe(200);
    for (const [method, payload] of [['GET'], ['PATCH', { description: 'x' }], ['DELETE']] as const) {
      expect((await call(t, owner, method, `/udm/dataset/${theirs.spec.id}`, payload)).code).toBe(1404);
    }
    expect((await call(t, owner, 'POST', `/udm/dataset/${theirs.spec.id}/link`, { hours: 1 })).code).toBe(1404);
    expect((await call(t, owner, 'GET', '/udm/dataset/999999')).code).toBe(1404);
    expect((await call<Dataset>(t, mate, 'GET', `/udm/dataset/${theirs.spec.id}`)).spec.name).toBe('gadmin-set');
  });
});

describe('data source addresses (SSRF guard)', () => {
  beforeAll(async () => {
    await setKeys(t, admin, 'demo-bound', 'udm-ds-starter', ['create_start_datasource']);
    owner = await login(t.app, 'demo-bound', demoPassword);
  });
  const source = (host: string) => ({ name: `src-${host.replace(/[^a-z0-9]/gi, '')}`.slice(0, 60), kind: 'sftp', host, port: 22, username: 'x', target_path: 'incoming' });

  it.each(['::ffff:7f00:1', '0:0:0:0:0:0:0:1', '::ffff:a9fe:a9fe', '[::1]', '2130706433', '0x7f.1', '017700000001', '169.254.169.254', '10.0.0.5', 'fd00::1', 'localhost'])(
    'refuses %s with 1400 naming body.host',
    async (host) => {
      const refused = await call(t, owner, 'POST', '/udm/datasource', source(host));
      expect(refused.code).toBe(1400);
      expect(fieldsOf(refused)).toEqual(['body.host']);
    },
  );

  it('accepts it once an administrator allows that host and port', async () => {
    expect((await call(t, admin, 'POST', '/udm/allowed_host', { host: '0x7f.1:22', note: 'test' })).code).toBe(200);
    expect((await call(t, owner, 'POST', '/udm/datasource', source('0x7f.1'))).code).toBe(200);
    expect(fieldsOf(await call(t, owner, 'POST', '/udm/datasource', { ...source('0x7f.1'), name: 'other-port', port: 23 }))).toEqual(['body.host']);
  });
});
