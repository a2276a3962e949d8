import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filesystem, GroupStorage, GroupStorageDetail, PartStoRel, StorageQuota, StorageSpecItem } from '@starlight/contract/cluster-storage';
import type { List } from '@starlight/contract/envelope';
import type { DirInfo, UserStoragePath } from '@starlight/contract/storage';
import { groups, users } from '../src/db/schema/identity';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { sha256, storageClient, tempDataDir, type StorageClient } from './storage-helpers';
import { hostileRows, plantHostileLinks, runHostileTable } from './storage-hostile';

/*
 * Storages per cluster on the embedded cluster (issue 5): filesystems, the partition-to-storage relation
 * and the §5 rule, the file calls' storage target, and storage quotas with expiry, refused before any byte.
 */
let t: TestApp;
let data: Awaited<ReturnType<typeof tempDataDir>>;
let admin: string;
let gadmin: string;
let bound: string;
let plain: string;
let me: StorageClient;
let otherGroupId: number;

const filesystems = async (token = admin) => (await call<Filesystem[]>(t.app, 'GET', '/kcluster/filesystems', token)).spec;
const quota = (token: string, body: Record<string, unknown>, what = 'user') => call<StorageQuota>(t.app, 'PATCH', `/storage/hpc/storage/${what}`, token, body);
const homeOf = (account: string, root = 'homes') => path.join(data.dir, root, account);

beforeAll(async () => {
  data = await tempDataDir();
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir } });
  [admin, gadmin, bound, plain] = await Promise.all([
    login(t.app, 'admin', adminPassword),
    login(t.app, 'demo-gadmin', demoPassword),
    login(t.app, 'demo-bound', demoPassword),
    login(t.app, 'demo-user', demoPassword),
  ]);
  me = await storageClient(t.app, 'demo-bound');
  // a second group with one bound user, to check that group administrators stay inside their own
  const [group] = await t.database.db.insert(groups).values({ name: 'other-lab' }).returning();
  otherGroupId = group!.id;
  await t.database.db.insert(users).values({ userName: 'other-user', passwordHash: 'x', status: 1, systemAccount: 'other_lab_user', groupId: otherGroupId });
});
afterAll(async () => {
  await stopTestApp(t);
  await data.remove();
});

describe('filesystems (GET, POST, PATCH, DELETE /kcluster/filesystems)', () => {
  it('starts with the home storage of the embedded cluster, related to its partition and offered', async () => {
    expect(await filesystems()).toEqual([
      expect.objectContaining({ name: 'home', cluster_name: 'local', driver: 'local', root: '/homes/{account}', partitions: ['local'], offered: true }),
    ]);
  });

  it('is for administrators only', async () => {
    expect((await call(t.app, 'GET', '/kcluster/filesystems', bound)).code).toBe(1403);
    expect((await call(t.app, 'POST', '/kcluster/filesystems', gadmin, { name: 'nope', cluster_name: 'local', driver: 'local', root: '/nope/{account}' })).code).toBe(1403);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Bad_Name', cluster_name: 'local', driver: 'local', root: '/x/{account}' }, 'name'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: '/x/account' }, 'root'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: '/x/../{account}' }, 'root'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: 'x/{account}' }, 'root'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: '/{account}' }, 'root'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: '/homes/{account}-scratch' }, 'root'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: '/homes/a_b_c/{account}' }, 'root'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: '/{account}/x' }, 'root'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'ssh', root: '/x/{account}' }, 'driver'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'nfs', root: '/x/{account}' }, 'driver'],
      [{ name: 'scratch', cluster_name: 'local', driver: 'local', root: '/x/{account}', extra: 1 }, ''],
    ];
    for (const [payload, field] of cases) {
      const reply = await call<{ fields: { path: string }[] }>(t.app, 'POST', '/kcluster/filesystems', admin, payload);
      expect([payload, reply.code]).toEqual([payload, 1400]);
      if (field) expect(reply.spec.fields.map((f) => f.path).join()).toContain(field);
    }
    expect((await call(t.app, 'POST', '/kcluster/filesystems', admin, { name: 'scratch', cluster_name: 'nowhere', driver: 'local', root: '/x/{account}' })).code).toBe(1404);
    expect((await filesystems()).map((f) => f.name)).toEqual(['home']);
  });

  it('adds, changes and removes a storage; a name is unique per cluster', async () => {
    const created = await call<Filesystem>(t.app, 'POST', '/kcluster/filesystems', admin, { name: 'tmp-store', cluster_name: 'local', driver: 'local', root: '/tmp-store/{account}' });
    expect(created).toMatchObject({ code: 200, spec: { name: 'tmp-store', partitions: [], offered: false } });
    expect((await call(t.app, 'POST', '/kcluster/filesystems', admin, { name: 'tmp-store', cluster_name: 'local', driver: 'local', root: '/a/{account}' })).code).toBe(1409);
    const patched = await call<Filesystem>(t.app, 'PATCH', `/kcluster/filesystems/${created.spec.id}`, admin, { description: 'Scratch', root: '/tmp2/{account}' });
    expect(patched.spec).toMatchObject({ description: 'Scratch', root: '/tmp2/{account}' });
    expect((await call(t.app, 'DELETE', `/kcluster/filesystems/${created.spec.id}`, admin)).code).toBe(200);
    expect((await call(t.app, 'DELETE', `/kcluster/filesystems/${created.spec.id}`, admin)).code).toBe(1404);
  });
});

describe('partition-to-storage relation and the §5 rule', () => {
  let scratchId: number;
  beforeAll(async () => {
    scratchId = (await call<Filesystem>(t.app, 'POST', '/kcluster/filesystems', admin, { name: 'scratch', cluster_name: 'local', driver: 'local', root: '/scratch/{account}', description: 'Fast scratch' })).spec.id;
  });

  it('does not offer a storage missing from a partition: file calls naming it are refused, nothing is made', async () => {
    const spec = (await call<List<StorageSpecItem>>(t.app, 'GET', '/storage/hpc/storage/spec?cluster=local', bound)).spec;
    expect(spec.list.map((s) => s.StorageName)).toEqual(['home']);
    const { envelope } = await me.put('/storage/upload', { path: 'a.txt', cluster: 'local', storage: 'scratch' }, Buffer.from('x'));
    expect(envelope).toMatchObject({ code: 1403 });
    expect(envelope!.info).toContain('not related to every partition');
    expect(existsSync(homeOf('demo_lab_bound', 'scratch'))).toBe(false);
  });

  it('relates it (POST), lists it (GET with filters), and then offers it', async () => {
    const related = await call<PartStoRel>(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: 'local', partition_name: 'local', storage_name: 'scratch' });
    expect(related).toMatchObject({ code: 200, spec: { cluster_name: 'local', partition_name: 'local', storage_name: 'scratch' } });
    expect((await call(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: 'local', partition_name: 'local', storage_name: 'scratch' })).code).toBe(1409);
    const list = (await call<List<PartStoRel>>(t.app, 'GET', '/kcluster/partStoRel?storage_name=scratch', admin)).spec;
    expect(list).toEqual({ list: [{ cluster_name: 'local', partition_name: 'local', storage_name: 'scratch' }], total: 1 });
    const spec = (await call<List<StorageSpecItem>>(t.app, 'GET', '/storage/hpc/storage/spec?cluster=local&verbose=1', bound)).spec;
    expect(spec.list.map((s) => [s.StorageName, s.default])).toEqual([['home', true], ['scratch', false]]);
    expect(spec.list[1]).toMatchObject({ path: homeOf('demo_lab_bound', 'scratch'), limit_bytes: null, used_bytes: 0 });
  });

  it('answers file calls on the named storage, in that root, as the bound account', async () => {
    const target = { cluster: 'local', storage: 'scratch' };
    expect((await me.get<UserStoragePath>('/storage/user_storage_path', target)).envelope!.spec.path).toBe(homeOf('demo_lab_bound', 'scratch'));
    expect((await me.call('POST', `/storage/mkdir?cluster=local&storage=scratch`, { path: 'results' })).envelope!.code).toBe(200);
    expect((await me.put('/storage/upload', { path: 'results/out.txt', ...target }, Buffer.from('scratch data'))).envelope!.code).toBe(200);
    expect(await readdir(path.join(homeOf('demo_lab_bound', 'scratch'), 'results'))).toEqual(['out.txt']);
    // the default storage does not see it
    expect((await me.get('/storage/state', { file: 'results/out.txt' })).envelope!.spec).toMatchObject({ exists: false });
    const listed = (await me.get<DirInfo>('/storage/dir_info', { dir: 'results', ...target })).envelope!.spec;
    expect(listed.list.map((e) => e.name)).toEqual(['out.txt']);
    const download = await me.get('/storage/download', { path: 'results/out.txt', ...target });
    expect(download.response.body).toBe('scratch data');
    // storage alone is found on its cluster; an unknown one is 1404 naming the field
    expect((await me.get('/storage/state', { file: 'results/out.txt', storage: 'scratch' })).envelope!.spec).toMatchObject({ exists: true });
    expect((await me.get('/storage/state', { file: 'x', storage: 'nosuch' })).envelope).toMatchObject({ code: 1404 });
    expect((await me.get('/storage/state', { file: 'x', cluster: 'nocluster' })).envelope).toMatchObject({ code: 1404 });
    expect((await me.get('/storage/state', { file: 'x', storage: 'Bad!' })).envelope).toMatchObject({ code: 1400 });
  });

  it('refuses relations to unknown partitions or storages, and writes by non-administrators', async () => {
    expect((await call(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: 'local', partition_name: 'gpu', storage_name: 'scratch' })).code).toBe(1404);
    expect((await call(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: 'local', partition_name: 'local', storage_name: 'nosuch' })).code).toBe(1404);
    expect((await call(t.app, 'POST', '/kcluster/partStoRel', admin, { cluster_name: 'local', partition_name: '../x', storage_name: 'scratch' })).code).toBe(1400);
    expect((await call(t.app, 'POST', '/kcluster/partStoRel', gadmin, { cluster_name: 'local', partition_name: 'local', storage_name: 'scratch' })).code).toBe(1403);
    expect((await call(t.app, 'DELETE', '/kcluster/partStoRel?cluster_name=local&partition_name=local&storage_name=scratch', bound)).code).toBe(1403);
    expect((await call(t.app, 'GET', '/kcluster/partStoRel', bound)).code).toBe(1403);
  });

  it('stops offering it once a relation is removed (DELETE)', async () => {
    expect((await call(t.app, 'DELETE', '/kcluster/partStoRel?cluster_name=local&partition_name=local&storage_name=scratch', admin)).code).toBe(200);
    expect((await call(t.app, 'DELETE', '/kcluster/partStoRel?cluster_name=local&partition_name=local&storage_name=scratch', admin)).code).toBe(1404);
    expect((await me.get('/storage/state', { file: 'results/out.txt', cluster: 'local', storage: 'scratch' })).envelope).toMatchObject({ code: 1403 });
    expect((await filesystems()).find((f) => f.id === scratchId)).toMatchObject({ partitions: [], offered: false });
  });
});

describe('storage quotas', () => {
  const home = { cluster: 'local', storage: 'home' };
  const setMine = (limit: number | null, extra: Record<string, unknown> = {}) => quota(admin, { user_name: 'demo-bound', ...home, limit_bytes: limit, ...extra });

  it('lets only administrators and group administrators set user quotas, with bad input refused', async () => {
    expect((await quota(bound, { user_name: 'demo-bound', ...home, limit_bytes: 10 })).code).toBe(1403);
    expect((await quota(plain, { user_name: 'demo-bound', ...home, limit_bytes: 10 })).code).toBe(1403);
    for (const [payload, field] of [
      [{ user_name: 'demo-bound', ...home, limit_bytes: -1 }, 'limit_bytes'],
      [{ user_name: 'demo-bound', ...home, limit_bytes: 1.5 }, 'limit_bytes'],
      [{ user_name: 'demo-bound', ...home, limit_bytes: 10, expires_at: 'tomorrow' }, 'expires_at'],
      [{ user_name: 'demo-bound', cluster: 'local', limit_bytes: 10 }, 'storage'],
    ] as const) {
      const reply = await call<{ fields: { path: string }[] }>(t.app, 'PATCH', '/storage/hpc/storage/user', admin, payload);
      expect(reply.code).toBe(1400);
      expect(reply.spec.fields.map((f) => f.path).join()).toContain(field);
    }
    expect((await quota(admin, { user_name: 'nobody', ...home, limit_bytes: 10 })).code).toBe(1404);
    expect((await quota(admin, { user_name: 'demo-bound', cluster: 'local', storage: 'nosuch', limit_bytes: 10 })).code).toBe(1404);
    // a group administrator: only users of their groups
    expect((await quota(gadmin, { user_name: 'other-user', ...home, limit_bytes: 10 })).code).toBe(1403);
  });

  it('refuses an upload that would pass the quota before any byte is written, and leaves nothing behind', async () => {
    const set = await setMine(100);
    expect(set).toMatchObject({ code: 200, spec: { scope: 'user', user_name: 'demo-bound', limit_bytes: 100 } });
    const used = set.spec.used_bytes!;
    const fits = Buffer.alloc(100 - used - 10, 1);
    expect((await me.put('/storage/upload', { path: 'fits.bin' }, fits)).envelope!.code).toBe(200);
    const before = (await readdir(homeOf('demo_lab_bound'))).sort();
    const refused = await me.put('/storage/upload', { path: 'too-big.bin' }, Buffer.alloc(11, 2));
    expect(refused.envelope).toMatchObject({ code: 1409, spec: { reason: 'storage-quota-exceeded', limit_bytes: 100 } });
    expect(refused.envelope!.info).toContain('exceed your quota');
    // chunked sessions: refused at the start, no part file
    const session = await me.post('/storage/upload_session', { path: 'big-chunked.bin', size: 1000, chunk_size: 65536 });
    expect(session.envelope).toMatchObject({ code: 1409, spec: { reason: 'storage-quota-exceeded' } });
    // copy: the source's size is known
    expect((await me.post('/storage/copy', { from: 'fits.bin', to: 'fits-copy.bin' })).envelope).toMatchObject({ code: 1409 });
    expect((await readdir(homeOf('demo_lab_bound'))).sort()).toEqual(before);
  });

  it('cuts a body of unknown length at what is left, leaving nothing partial', async () => {
    const before = (await readdir(homeOf('demo_lab_bound'))).sort();
    // over real HTTP: a chunked body, no content-length
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reply = await fetch(`${address}${api('/storage/upload?path=streamed.bin')}`, {
      method: 'PUT',
      headers: { ...me.headers, 'content-type': 'application/octet-stream' },
      body: Readable.toWeb(Readable.from([Buffer.alloc(8, 1), Buffer.alloc(8, 1)])) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(await reply.json()).toMatchObject({ code: 1409, spec: { reason: 'storage-quota-exceeded' } });
    expect((await readdir(homeOf('demo_lab_bound'))).sort()).toEqual(before);
  });

  it('lets writes through again when room is made or the limit raised; removing frees space', async () => {
    expect((await me.del('/storage/file', { path: 'fits.bin', permanent: true })).envelope!.code).toBe(200);
    expect((await me.put('/storage/upload', { path: 'again.bin' }, Buffer.alloc(50, 3))).envelope!.code).toBe(200);
    await setMine(10_000);
    const data = Buffer.alloc(2000, 4);
    expect((await me.put('/storage/upload', { path: 'bigger.bin', sha256: sha256(data) }, data)).envelope!.code).toBe(200);
  });

  it('refuses writes once the quota expired, while reads and removals still work', async () => {
    await setMine(10_000, { expires_at: '2020-01-01T00:00:00Z' });
    const refused = await me.put('/storage/upload', { path: 'late.bin' }, Buffer.from('x'));
    expect(refused.envelope).toMatchObject({ code: 1409, spec: { reason: 'storage-quota-expired' } });
    expect((await me.post('/storage/mkdir', { path: 'late-dir' })).envelope).toMatchObject({ code: 1409 });
    expect((await me.get('/storage/download', { path: 'again.bin' })).response.statusCode).toBe(200);
    const mine = (await call<List<StorageQuota>>(t.app, 'GET', '/storage/hpc/storage/spec/userQuotas?storage=home', bound)).spec.list;
    expect(mine).toEqual([expect.objectContaining({ user_name: 'demo-bound', expired: true, expires_at: '2020-01-01T00:00:00.000Z' })]);
    await setMine(null, { expires_at: null });
    expect((await me.put('/storage/upload', { path: 'late.bin' }, Buffer.from('x'))).envelope!.code).toBe(200);
  });

  it('applies a group quota to the sum of its members, and lets the group administrator share it out', async () => {
    expect((await quota(gadmin, { group_id: 1, ...home, limit_bytes: 1 }, 'group')).code).toBe(1403);
    const groupId = (await call<GroupStorage[]>(t.app, 'GET', '/storage/hpc/storage/group', gadmin)).spec.find((g) => g.group_name === 'demo-lab')!.group_id;
    const set = await quota(admin, { group_id: groupId, ...home, limit_bytes: 4000 }, 'group');
    expect(set).toMatchObject({ code: 200, spec: { scope: 'group', group_name: 'demo-lab', limit_bytes: 4000 } });
    const groupUsed = set.spec.used_bytes!;
    expect(groupUsed).toBeGreaterThanOrEqual(2050);
    const gadminFiles = await storageClient(t.app, 'demo-gadmin');
    const refused = await gadminFiles.put('/storage/upload', { path: 'share.bin' }, Buffer.alloc(4000 - groupUsed + 1));
    expect(refused.envelope).toMatchObject({ code: 1409, spec: { reason: 'storage-quota-exceeded' } });
    expect(refused.envelope!.info).toContain("group's quota");
    expect((await gadminFiles.put('/storage/upload', { path: 'share.bin' }, Buffer.alloc(4000 - groupUsed))).envelope!.code).toBe(200);
    // the group administrator hands out at most the group's quota, and sets no expiry
    expect((await quota(gadmin, { user_name: 'demo-bound', ...home, limit_bytes: 5000 })).code).toBe(1400);
    expect((await quota(gadmin, { user_name: 'demo-bound', ...home, limit_bytes: 3000, expires_at: null })).code).toBe(1400);
    expect((await quota(gadmin, { user_name: 'demo-bound', ...home, limit_bytes: 3000 })).spec).toMatchObject({ limit_bytes: 3000 });
    // expiry of the group's quota (admin only) stops every member's writes
    expect((await call(t.app, 'PATCH', '/storage/hpc/storage/expire/group', gadmin, { group_id: groupId, ...home, expires_at: null })).code).toBe(1403);
    const expired = await call<StorageQuota>(t.app, 'PATCH', '/storage/hpc/storage/expire/group', admin, { group_id: groupId, ...home, expires_at: '2021-06-01T00:00:00Z' });
    expect(expired.spec).toMatchObject({ expired: true });
    await gadminFiles.del('/storage/file', { path: 'share.bin', permanent: true });
    expect((await me.put('/storage/upload', { path: 'tiny.bin' }, Buffer.from('x'))).envelope).toMatchObject({ code: 1409, spec: { reason: 'storage-quota-expired' } });
    expect((await call(t.app, 'PATCH', '/storage/hpc/storage/expire/group', admin, { group_id: otherGroupId, ...home, expires_at: null })).code).toBe(1404);
    await call(t.app, 'PATCH', '/storage/hpc/storage/expire/group', admin, { group_id: groupId, ...home, expires_at: null });
    expect((await me.put('/storage/upload', { path: 'tiny.bin' }, Buffer.from('x'))).envelope!.code).toBe(200);
  });

  it('lists quotas by who asks: oneself, the administered group, everyone; display=processed in 1024 units', async () => {
    const names = (list: StorageQuota[]) => [...new Set(list.map((q) => q.user_name))].sort();
    const own = (await call<List<StorageQuota>>(t.app, 'GET', '/storage/hpc/storage/spec/userQuotas?storage=home', bound)).spec.list;
    expect(names(own)).toEqual(['demo-bound']);
    const group = (await call<List<StorageQuota>>(t.app, 'GET', '/storage/hpc/storage/spec/userQuotas?storage=home&display=processed', gadmin)).spec.list;
    expect(names(group)).toEqual(['demo-auditor', 'demo-bound', 'demo-gadmin', 'demo-user']);
    expect(group.find((q) => q.user_name === 'demo-bound')).toMatchObject({ limit_bytes: 3000, limit_display: '2.93 KiB' });
    const all = (await call<List<StorageQuota>>(t.app, 'GET', '/storage/hpc/storage/spec/userQuotas?storage=home', admin)).spec.list;
    expect(names(all)).toContain('other-user');
    const groupsOfGadmin = (await call<List<StorageQuota>>(t.app, 'GET', '/storage/hpc/storage/spec/groupQuotas', gadmin)).spec.list;
    expect([...new Set(groupsOfGadmin.map((q) => q.group_name))]).toEqual(['demo-lab']);
    const groupsOfAdmin = (await call<List<StorageQuota>>(t.app, 'GET', '/storage/hpc/storage/spec/groupQuotas?display=processed', admin)).spec.list;
    expect([...new Set(groupsOfAdmin.map((q) => q.group_name))].sort()).toEqual(['demo-lab', 'other-lab']);
    expect((await call(t.app, 'GET', '/storage/hpc/storage/spec/userQuotas?display=fancy', admin)).code).toBe(1400);
  });

  it("shows a group's detail to its administrator and to administrators only", async () => {
    const groupId = (await call<GroupStorage[]>(t.app, 'GET', '/storage/hpc/storage/group', gadmin)).spec[0]!.group_id;
    const detail = await call<GroupStorageDetail>(t.app, 'GET', `/storage/hpc/storage/group/${groupId}`, gadmin);
    expect(detail).toMatchObject({ code: 200, spec: { group_name: 'demo-lab', members: 4 } });
    expect(detail.spec.users.map((u) => u.user_name)).toContain('demo-bound');
    expect((await call(t.app, 'GET', `/storage/hpc/storage/group/${otherGroupId}`, gadmin)).code).toBe(1403);
    expect((await call(t.app, 'GET', `/storage/hpc/storage/group/${otherGroupId}`, admin)).code).toBe(200);
    expect((await call(t.app, 'GET', '/storage/hpc/storage/group/99999', admin)).code).toBe(1404);
    expect((await call(t.app, 'GET', '/storage/hpc/storage/group/abc', admin)).code).toBe(1400);
  });

  it('answers the storage spec list only to bound users', async () => {
    expect((await call(t.app, 'GET', '/storage/hpc/storage/spec', plain)).code).toBe(1403);
    const res = await t.app.inject({ method: 'GET', url: api('/storage/hpc/storage/spec'), headers: tokenHeader(bound) });
    expect(res.json()).toMatchObject({ code: 200, spec: { list: [expect.objectContaining({ StorageName: 'home', default: true, path: null })] } });
  });
});

describe('hostile paths through the API on the local driver', () => {
  it('answers every row of the hostile-path table through every file call with its code', { timeout: 120_000 }, async () => {
    const setup = { home: homeOf('demo_lab_bound'), bobHome: homeOf('demo_lab_gadmin'), outside: path.join(data.dir, 'outside'), run: 'hostile' };
    await storageClient(t.app, 'demo-gadmin').then((c) => c.get('/storage/user_storage_path', {})); // makes the other home
    await plantHostileLinks(setup);
    expect(hostileRows(setup).length).toBeGreaterThanOrEqual(30);
    const calls = await runHostileTable(me, setup, { cluster: 'local', storage: 'home' });
    expect(calls).toBeGreaterThan(400);
    expect(await readdir(setup.outside)).toEqual(['secret.txt', 'sub'].sort());
    expect(await readdir(setup.bobHome)).not.toContain('x');
  });
});
