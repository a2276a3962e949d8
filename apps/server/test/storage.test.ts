import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirInfo, FileEntry, FileState, UserStoragePath } from '@starlight/contract/storage';
import { startTestApp, stopTestApp, type TestApp } from './helpers';
import { sha256, storageClient, tempDataDir, type StorageClient } from './storage-helpers';

let t: TestApp;
let data: Awaited<ReturnType<typeof tempDataDir>>;
let me: StorageClient;
let home: string;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const names = (info: DirInfo): string[] => info.list.map((e) => e.name);

beforeAll(async () => {
  data = await tempDataDir();
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir, STARLIGHT_DOWNLOAD_TAR_MAX_BYTES: '100000' } });
  me = await storageClient(t.app);
  home = (await me.get<UserStoragePath>('/storage/user_storage_path', {})).envelope!.spec.path;
});
afterAll(async () => {
  await stopTestApp(t);
  await data.remove();
});

describe('storage: who may', () => {
  it('answers 1403 "bind a system account first" to a user without a bound account', async () => {
    const unbound = await storageClient(t.app, 'demo-user');
    const { response, envelope } = await unbound.get('/storage/dir_info', { dir: '.' });
    expect(response.statusCode).toBe(403);
    expect(envelope).toMatchObject({ code: 1403, info: 'bind a system account first' });
  });

  it("gives the bound account's home under the data directory", async () => {
    const { envelope } = await me.get<UserStoragePath>('/storage/user_storage_path', {});
    expect(envelope!.spec).toMatchObject({ account: 'demo_lab_bound', driver: 'local', upload_max_bytes: null });
    expect(home).toBe(path.join(data.dir, 'homes', 'demo_lab_bound'));
  });

  it("refuses another user's home by absolute path, and every escape", async () => {
    const other = await storageClient(t.app, 'demo-gadmin');
    await other.put('/storage/upload', { path: 'secret.txt' }, Buffer.from('gadmin only'));
    const otherHome = path.join(data.dir, 'homes', 'demo_lab_gadmin');
    const hostile: [string, number][] = [
      [`${otherHome}/secret.txt`, 1403],
      [`${home}/../demo_lab_gadmin/secret.txt`, 1403],
      ['../demo_lab_gadmin/secret.txt', 1403],
      ['/etc/passwd', 1403],
      ['a/../../x', 1403],
      [`${home}x/evil`, 1403],
      ['a\u0000b', 1400],
      ['a\nb', 1400],
      ['..\\..\\x', 1400],
      ['.starlight-part-0123456789abcdef', 1400],
      ['x'.repeat(256), 1400],
      ['a\u2028b', 1400],
    ];
    for (const [p, code] of hostile) {
      for (const { envelope } of [
        await me.get('/storage/state', { file: p }),
        await me.get('/storage/download', { path: p }),
        await me.put('/storage/upload', { path: p }, Buffer.from('x')),
        await me.post('/storage/mkdir', { path: p }),
        await me.post('/storage/upload_session', { path: p, size: 1 }),
      ])
        expect([p, envelope?.code]).toEqual([p, code]);
    }
    expect(await readdir(otherHome)).toEqual(['secret.txt']);
  });
});

describe('storage: listing and file operations', () => {
  it('lists a directory in pages, sorted and filtered on the server; 11502 for a missing one', async () => {
    await me.post('/storage/mkdir', { path: 'many' });
    for (let i = 1; i <= 25; i++) await me.put('/storage/upload', { path: `many/file${i}.txt` }, Buffer.from('x'.repeat(i)));
    await me.post('/storage/mkdir', { path: 'many/sub' });
    const page = async (params: Record<string, string | number>) => (await me.get<DirInfo>('/storage/dir_info', { dir: 'many', ...params })).envelope!.spec;
    const first = await page({ page: 1, page_size: 10 });
    expect(first.total).toBe(26);
    expect(names(first)).toEqual(['sub', 'file1.txt', 'file2.txt', 'file3.txt', 'file4.txt', 'file5.txt', 'file6.txt', 'file7.txt', 'file8.txt', 'file9.txt']);
    expect(names(await page({ page: 3, page_size: 10 }))).toEqual(['file20.txt', 'file21.txt', 'file22.txt', 'file23.txt', 'file24.txt', 'file25.txt']);
    expect(names(await page({ sort: 'size', order: 'desc', page_size: 3 }))).toEqual(['sub', 'file25.txt', 'file24.txt']);
    const filtered = await page({ filter: 'FILE2' });
    expect(filtered.total).toBe(7);
    const missing = await me.get('/storage/dir_info', { dir: 'nope' });
    expect(missing.envelope).toMatchObject({ code: 11502 });
    expect((await me.get('/storage/dir_info', { dir: 'many', page_size: 1001 })).envelope?.code).toBe(1400);
  });

  it('uploads a streamed body, refuses a second upload to the same name (1409) unless overwrite', async () => {
    const first = await me.put<FileEntry>('/storage/upload', { path: 'up.txt' }, Buffer.from('first'));
    expect(first.envelope).toMatchObject({ code: 200, spec: { name: 'up.txt', type: 'file', size: 5 } });
    expect((await me.put('/storage/upload', { path: 'up.txt' }, Buffer.from('second'))).envelope?.code).toBe(1409);
    expect((await me.get('/storage/download', { path: 'up.txt' })).response.body).toBe('first');
    expect((await me.put('/storage/upload', { path: 'up.txt', overwrite: true }, Buffer.from('second'))).envelope?.code).toBe(200);
    const big = Buffer.alloc(3 * 1024 * 1024, 7); // over the 1 MiB JSON body limit: raw bodies have none
    expect((await me.put<FileEntry>('/storage/upload', { path: 'big.bin', sha256: sha256(big) }, big)).envelope?.spec.size).toBe(big.length);
    const bad = await me.put('/storage/upload', { path: 'checked.txt', sha256: sha256('other') }, Buffer.from('body'));
    expect(bad.envelope?.code).toBe(1400);
    expect((await me.get<FileState>('/storage/state', { file: 'checked.txt', cross: 2 })).envelope!.spec).toEqual({ file: 'checked.txt', exists: false, entry: null });
  });

  it('makes, renames, copies and deletes to the trash', async () => {
    expect((await me.post('/storage/mkdir', { path: 'ops/a/b', parents: true })).envelope?.code).toBe(200);
    expect((await me.post('/storage/mkdir', { path: 'ops' })).envelope?.code).toBe(1409);
    await me.put('/storage/upload', { path: 'ops/a/b/n.txt' }, Buffer.from('note'));
    expect((await me.post('/storage/copy', { from: 'ops/a', to: 'ops/a-copy' })).envelope?.code).toBe(200);
    expect((await me.get('/storage/download', { path: 'ops/a-copy/b/n.txt' })).response.body).toBe('note');
    expect((await me.post('/storage/rename', { from: 'ops/a-copy', to: 'ops/moved' })).envelope?.code).toBe(200);
    expect((await me.post('/storage/rename', { from: 'ops/moved', to: 'ops/a' })).envelope?.code).toBe(1409);
    const removed = await me.del<{ trash_path: string }>('/storage/file', { path: 'ops/moved' });
    expect(removed.envelope!.spec.trash_path).toMatch(/^\.trash\/.+\/ops\/moved$/);
    expect(names((await me.get<DirInfo>('/storage/dir_info', { dir: 'ops' })).envelope!.spec)).toEqual(['a']);
    expect((await me.del('/storage/file', { path: 'ops/moved' })).envelope?.code).toBe(1404);
  });
});

describe('storage: preview and download', () => {
  it('previews UTF-8 text as text/plain, inline, nosniff, in a CSP sandbox', async () => {
    await me.post('/storage/mkdir', { path: 'view' });
    await me.put('/storage/upload', { path: 'view/note.html' }, Buffer.from('héllo <script>alert(1)</script>'));
    const { response } = await me.get('/storage/view', { type: 'text', file: 'view/note.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(response.body).toBe('héllo <script>alert(1)</script>');
    await me.put('/storage/upload', { path: 'view/latin1.txt' }, Buffer.from([0x68, 0xe9, 0x6c]));
    expect((await me.get('/storage/view', { type: 'text', file: 'view/latin1.txt' })).envelope?.code).toBe(1400);
  });

  it('previews images by their magic bytes, never an SVG or HTML named like an image', async () => {
    await me.put('/storage/upload', { path: 'view/pic.dat' }, png);
    const { response } = await me.get('/storage/view', { type: 'image', file: 'view/pic.dat' });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(png)).toBe(true);
    await me.put('/storage/upload', { path: 'view/evil.svg' }, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
    await me.put('/storage/upload', { path: 'view/evil.png' }, Buffer.from('<html><script>alert(1)</script></html>'));
    for (const file of ['view/evil.svg', 'view/evil.png']) expect((await me.get('/storage/view', { type: 'image', file })).envelope?.code).toBe(1400);
    await me.put('/storage/upload', { path: 'view/doc.pdf' }, Buffer.from('%PDF-1.4\n%%EOF\n'));
    const pdf = await me.get('/storage/view', { type: 'pdf', file: 'view/doc.pdf' });
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.headers['content-security-policy']).not.toMatch(/sandbox/);
  });

  it('answers a Range with 206 and Content-Range; an unsatisfiable one with 416', async () => {
    await me.put('/storage/upload', { path: 'range.bin' }, Buffer.from('0123456789'));
    const { response } = await me.get('/storage/download', { path: 'range.bin' }, { range: 'bytes=2-5' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 2-5/10');
    expect(response.headers['content-length']).toBe('4');
    expect(response.body).toBe('2345');
    const open = await me.get('/storage/download', { path: 'range.bin' }, { range: 'bytes=7-' });
    expect([open.response.statusCode, open.response.body]).toEqual([206, '789']);
    const whole = await me.get('/storage/download', { path: 'range.bin' });
    expect([whole.response.statusCode, whole.response.headers['accept-ranges'], whole.response.body]).toEqual([200, 'bytes', '0123456789']);
    expect((await me.get('/storage/download', { path: 'range.bin' }, { range: 'bytes=10-' })).response.statusCode).toBe(416);
  });

  it('downloads a directory as a tar, and refuses one over the size cap (1400)', async () => {
    await me.post('/storage/mkdir', { path: 'tree/inner', parents: true });
    await me.put('/storage/upload', { path: 'tree/inner/a.txt' }, Buffer.from('aaa'));
    const { response } = await me.get('/storage/download', { path: 'tree' });
    expect(response.headers['content-type']).toBe('application/x-tar');
    const tar = response.rawPayload;
    expect(tar.length % 512).toBe(0);
    expect(tar.subarray(0, 100).toString('utf8').replace(/\0+$/, '')).toBe('tree/inner/');
    expect(tar.subarray(512, 612).toString('utf8').replace(/\0+$/, '')).toBe('tree/inner/a.txt');
    expect(tar.subarray(1024, 1027).toString()).toBe('aaa');
    await me.put('/storage/upload', { path: 'tree/big.bin' }, Buffer.alloc(100_001));
    expect((await me.get('/storage/download', { path: 'tree' })).envelope?.code).toBe(1400);
  });
});

describe('storage: read-only links (/datafile/view)', () => {
  it('opens a shared file without signing in, shown by its bytes, and nothing else', async () => {
    await me.post('/storage/mkdir', { path: 'share' });
    await me.put('/storage/upload', { path: 'share/plot.png' }, png);
    await me.put('/storage/upload', { path: 'share/readme.txt' }, Buffer.from('plain words'));
    const link = (await me.post<{ token: string; url_path: string }>('/storage/share', { path: 'share/plot.png', expires_in_s: 3600 })).envelope!.spec;
    expect(link.url_path).toBe(`/datafile/view?token=${link.token}`);
    const info = await t.app.inject({ method: 'GET', url: `/api/datafile/info?token=${link.token}` });
    expect(info.json()).toMatchObject({ code: 200, spec: { name: 'plot.png', size: png.length, preview: 'image' } });
    const content = await t.app.inject({ method: 'GET', url: `/api/datafile/content?token=${link.token}` });
    expect([content.headers['content-type'], content.headers['x-content-type-options']]).toEqual(['image/png', 'nosniff']);
    expect(content.rawPayload.equals(png)).toBe(true);
    const text = (await me.post<{ token: string }>('/storage/share', { path: 'share/readme.txt' })).envelope!.spec;
    expect((await t.app.inject({ method: 'GET', url: `/api/datafile/info?token=${text.token}` })).json().spec.preview).toBe('text');
    expect((await t.app.inject({ method: 'GET', url: `/api/datafile/info?token=${'x'.repeat(43)}` })).json().code).toBe(1404);
    expect((await me.post('/storage/share', { path: 'share' })).envelope?.code).toBe(1400);
    expect((await me.post('/storage/share', { path: '/etc/passwd' })).envelope?.code).toBe(1403);
  });
});
