import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkSha256Header, type DirInfo, type UploadSession } from '@starlight/contract/storage';
import { startTestApp, stopTestApp, type TestApp } from './helpers';
import { sha256, storageClient, tempDataDir, type StorageClient } from './storage-helpers';

const chunkSize = 64 * 1024;
/** 3.5 chunks of bytes that differ per position, so a misplaced chunk changes the hash. */
const file = Buffer.from(Array.from({ length: chunkSize * 3 + chunkSize / 2 }, (_, i) => (i * 7 + (i >> 9)) % 251));
const chunkOf = (i: number, data = file): Buffer => data.subarray(i * chunkSize, Math.min(data.length, (i + 1) * chunkSize));

let t: TestApp;
let data: Awaited<ReturnType<typeof tempDataDir>>;
let me: StorageClient;
const homeDir = (): string => path.join(data.dir, 'homes', 'demo_lab_bound');

async function begin(client: StorageClient, target: string, extra: Record<string, unknown> = {}) {
  return client.post<UploadSession>('/storage/upload_session', { path: target, size: file.length, chunk_size: chunkSize, ...extra });
}
async function sendChunk(client: StorageClient, id: string, index: number, bytes = chunkOf(index), sha = sha256(bytes)) {
  return client.call<{ received: number }>('PUT', `/storage/upload_session/${id}/chunk/${index}`, bytes, { [chunkSha256Header]: sha });
}
const listing = async (client: StorageClient, dir: string): Promise<string[]> =>
  (await client.get<DirInfo>('/storage/dir_info', { dir })).envelope!.spec.list.map((e) => e.name);

beforeAll(async () => {
  data = await tempDataDir();
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir } });
  me = await storageClient(t.app);
  await me.post('/storage/mkdir', { path: 'up' });
});
afterAll(async () => {
  await stopTestApp(t);
  await data.remove();
});

describe('chunked uploads', () => {
  it('takes chunks in any order (in parallel), reports them, and the file appears whole on complete', async () => {
    const { envelope } = await begin(me, 'up/happy.bin', { sha256: sha256(file) });
    const session = envelope!.spec;
    expect(session).toMatchObject({ chunk_count: 4, received: [], state: 'open' });
    await Promise.all([3, 1].map((i) => sendChunk(me, session.id, i)));
    expect((await me.get<UploadSession>(`/storage/upload_session/${session.id}`, {})).envelope!.spec.received).toEqual([1, 3]);
    expect(await listing(me, 'up')).toEqual([]);
    const early = await me.post(`/storage/upload_session/${session.id}/complete`, {});
    expect(early.envelope).toMatchObject({ code: 1400 });
    await Promise.all([0, 2].map((i) => sendChunk(me, session.id, i)));
    const done = await me.post(`/storage/upload_session/${session.id}/complete`, {});
    expect(done.envelope).toMatchObject({ code: 200, spec: { name: 'happy.bin', size: file.length } });
    const back = await me.get('/storage/download', { path: 'up/happy.bin' });
    expect(sha256(back.response.rawPayload)).toBe(sha256(file));
    expect(await readdir(path.join(homeDir(), 'up'))).toEqual(['happy.bin']);
    expect((await me.post(`/storage/upload_session/${session.id}/complete`, {})).envelope?.code).toBe(1409);
  });

  it('refuses a second upload to the same target (1409), at the start and at completion', async () => {
    expect((await begin(me, 'up/happy.bin')).envelope?.code).toBe(1409);
    const a = (await begin(me, 'up/twice.bin')).envelope!.spec;
    const b = (await begin(me, 'up/twice.bin')).envelope!.spec;
    for (const s of [a, b]) for (let i = 0; i < 4; i++) await sendChunk(me, s.id, i);
    expect((await me.post(`/storage/upload_session/${a.id}/complete`, { sha256: sha256(file) })).envelope?.code).toBe(200);
    expect((await me.post(`/storage/upload_session/${b.id}/complete`, { sha256: sha256(file) })).envelope?.code).toBe(1409);
    expect((await me.get<UploadSession>(`/storage/upload_session/${b.id}`, {})).envelope!.spec.state).toBe('failed');
    expect((await readdir(path.join(homeDir(), 'up'))).sort()).toEqual(['happy.bin', 'twice.bin']);
  });

  it('discards a chunk whose checksum is wrong (1400) and accepts it sent again', async () => {
    const s = (await begin(me, 'up/retry.bin')).envelope!.spec;
    const wrong = await sendChunk(me, s.id, 0, chunkOf(0), sha256('something else'));
    expect(wrong.envelope).toMatchObject({ code: 1400 });
    const damaged = Buffer.from(chunkOf(0));
    damaged[10] = (damaged[10] ?? 0) ^ 0xff;
    expect((await sendChunk(me, s.id, 0, damaged, sha256(chunkOf(0)))).envelope?.code).toBe(1400);
    expect((await me.get<UploadSession>(`/storage/upload_session/${s.id}`, {})).envelope!.spec.received).toEqual([]);
    expect((await sendChunk(me, s.id, 0)).envelope?.code).toBe(200);
    expect((await me.call('PUT', `/storage/upload_session/${s.id}/chunk/1`, chunkOf(1))).envelope?.code).toBe(1400);
  });

  it('refuses a chunk out of range, or of the wrong length (1400)', async () => {
    const s = (await begin(me, 'up/range.bin')).envelope!.spec;
    expect((await sendChunk(me, s.id, 4, chunkOf(3))).envelope).toMatchObject({ code: 1400 });
    expect((await sendChunk(me, s.id, 99, Buffer.from('x'))).envelope?.code).toBe(1400);
    expect((await sendChunk(me, s.id, 0, chunkOf(3))).envelope?.code).toBe(1400);
    expect((await sendChunk(me, s.id, 3, Buffer.concat([chunkOf(3), Buffer.from('extra')]))).envelope?.code).toBe(1400);
    expect((await me.get<UploadSession>(`/storage/upload_session/${s.id}`, {})).envelope!.spec.received).toEqual([]);
  });

  it('leaves nothing visible when the whole file does not match, and keeps an existing file intact', async () => {
    await me.put('/storage/upload', { path: 'up/keep.bin' }, Buffer.from('original'));
    const s = (await begin(me, 'up/keep.bin', { overwrite: true })).envelope!.spec;
    const other = Buffer.from(file);
    other[5] = (other[5] ?? 0) ^ 1;
    for (let i = 0; i < 4; i++) await sendChunk(me, s.id, i, chunkOf(i, other));
    const parts = async (): Promise<number> => (await readdir(path.join(homeDir(), 'up'))).filter((n) => n.startsWith('.starlight-part-')).length;
    const before = await parts();
    const done = await me.post(`/storage/upload_session/${s.id}/complete`, { sha256: sha256(file) });
    expect(done.envelope).toMatchObject({ code: 1400 });
    expect((await me.get('/storage/download', { path: 'up/keep.bin' })).response.body).toBe('original');
    expect(await parts()).toBe(before - 1); // its part file is gone, not renamed
    expect(await listing(me, 'up')).not.toContain('.starlight-part-');
  });

  it("cannot see or feed another user's session", async () => {
    const s = (await begin(me, 'up/mine.bin')).envelope!.spec;
    const other = await storageClient(t.app, 'demo-gadmin');
    expect((await other.get(`/storage/upload_session/${s.id}`, {})).envelope?.code).toBe(1404);
    expect((await sendChunk(other, s.id, 0)).envelope?.code).toBe(1404);
    expect((await other.post(`/storage/upload_session/${s.id}/complete`, { sha256: sha256(file) })).envelope?.code).toBe(1404);
  });

  it('hashes chunks sent in order as they arrive; a wrong whole-file SHA-256 is still refused at completion', async () => {
    const other = Buffer.from(file);
    other[other.length - 1] = (other[other.length - 1] ?? 0) ^ 1; // differs in the last chunk only
    const parts = async () => (await readdir(path.join(homeDir(), 'up'))).filter((n) => n.startsWith('.starlight-part-')).length;
    const before = await parts();
    const session = (await begin(me, 'up/running-wrong.bin', { sha256: sha256(other) })).envelope!.spec;
    for (let i = 0; i < 4; i++) expect((await sendChunk(me, session.id, i)).envelope?.code).toBe(200);
    const refused = await me.post(`/storage/upload_session/${session.id}/complete`, {});
    expect(refused.envelope).toMatchObject({ code: 1400 });
    expect(await listing(me, 'up')).not.toContain('running-wrong.bin');
    expect(await parts()).toBe(before); // its part was removed
  });

  it('acknowledges a re-sent chunk it already holds without writing it again', async () => {
    const session = (await begin(me, 'up/resent.bin', { sha256: sha256(file) })).envelope!.spec;
    await sendChunk(me, session.id, 0);
    // a retry whose first reply was lost; here with other (self-consistent) bytes, which must not replace the recorded chunk
    const impostor = Buffer.alloc(chunkSize, 9);
    expect((await sendChunk(me, session.id, 0, impostor)).envelope).toMatchObject({ code: 200, spec: { received: 1 } });
    for (let i = 1; i < 4; i++) await sendChunk(me, session.id, i);
    const done = await me.post(`/storage/upload_session/${session.id}/complete`, {});
    expect(done.envelope).toMatchObject({ code: 200, spec: { name: 'resent.bin', size: file.length } });
    expect(sha256((await me.get('/storage/download', { path: 'up/resent.bin' })).response.rawPayload)).toBe(sha256(file));
  });

  it('refuses an upload over the admin limit before any byte is written', async () => {
    const limited = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir, STARLIGHT_UPLOAD_MAX_BYTES: '100' }, database: t.database });
    try {
      const client = await storageClient(limited.app);
      expect((await begin(client, 'up/huge.bin')).envelope?.code).toBe(1400);
      expect((await client.put('/storage/upload', { path: 'up/huge2.bin' }, Buffer.alloc(101))).envelope?.code).toBe(1400);
      expect((await client.put('/storage/upload', { path: 'up/small.bin' }, Buffer.alloc(100))).envelope?.code).toBe(200);
    } finally {
      await limited.app.close();
    }
    const names = await readdir(path.join(homeDir(), 'up'));
    expect(names).not.toContain('huge.bin');
    expect(names).not.toContain('huge2.bin');
  });
});

describe('chunked uploads across a restart', () => {
  it('resumes on a new app instance with the same database and data directory', async () => {
    const db = t.database;
    const first = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir }, database: db });
    const s = (await begin(await storageClient(first.app), 'up/resumed.bin')).envelope!.spec;
    const client1 = await storageClient(first.app);
    await sendChunk(client1, s.id, 0);
    await sendChunk(client1, s.id, 2);
    await first.app.close();

    const second = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir }, database: db });
    try {
      const client2 = await storageClient(second.app);
      const state = (await client2.get<UploadSession>(`/storage/upload_session/${s.id}`, {})).envelope!.spec;
      expect(state.received).toEqual([0, 2]);
      const missing = [0, 1, 2, 3].filter((i) => !state.received.includes(i));
      for (const i of missing) expect((await sendChunk(client2, s.id, i)).envelope?.code).toBe(200);
      expect((await client2.post(`/storage/upload_session/${s.id}/complete`, { sha256: sha256(file) })).envelope?.code).toBe(200);
      expect(sha256((await client2.get('/storage/download', { path: 'up/resumed.bin' })).response.rawPayload)).toBe(sha256(file));
    } finally {
      await second.app.close();
    }
  });
});
