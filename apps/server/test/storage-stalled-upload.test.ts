import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkSha256Header, type UploadSession } from '@starlight/contract/storage';
import { startTestApp, stopTestApp, type TestApp } from './helpers';
import { freePort, rawRequest, type RawReply } from './raw-http';
import { sha256, storageClient, tempDataDir, type StorageClient } from './storage-helpers';

/*
 * Issue 19: an upload that declared 100 KB, sent 1 KB and stalled stayed open for good with its part file.
 * A real listening server (idle clocks are the socket's business, not inject's), a 1 s body idle limit and
 * at most 2 upload bodies per user.
 */
let t: TestApp;
let data: Awaited<ReturnType<typeof tempDataDir>>;
let me: StorageClient;
let port: number;
const homeDir = (): string => path.join(data.dir, 'homes', 'demo_lab_bound');
const partFiles = async (): Promise<string[]> => (await readdir(homeDir(), { recursive: true })).filter((n) => path.basename(n).startsWith('.starlight-part-'));
const envelope = (reply: RawReply) => JSON.parse(reply.body) as { code: number; info: string; spec: Record<string, unknown> };

/** PUT /storage/upload declaring `declared` bytes, sending `first` of them at once. */
function stalledUpload(file: string, declared: number, first: number) {
  const request = rawRequest(port, {
    method: 'PUT',
    path: `/api/storage/upload?path=${encodeURIComponent(file)}`,
    headers: { ...me.headers, 'content-type': 'application/octet-stream', 'content-length': String(declared) },
  });
  request.send(Buffer.alloc(first, 7));
  return request;
}

beforeAll(async () => {
  data = await tempDataDir();
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: data.dir, STARLIGHT_BODY_IDLE_TIMEOUT_S: '1', STARLIGHT_UPLOAD_MAX_CONCURRENT_PER_USER: '2' } });
  port = await freePort(20200, 20219);
  await t.app.listen({ host: '127.0.0.1', port });
  me = await storageClient(t.app);
  await me.post('/storage/mkdir', { path: 'up' });
});
afterAll(async () => {
  await stopTestApp(t);
  await data.remove();
});

describe('a request body that stops sending', { timeout: 20_000 }, () => {
  it('fails an upload that declared 100 KB and sent 1 KB with 1400 body-idle-timeout, closes the connection, and leaves no part file', async () => {
    const upload = stalledUpload('up/stalled.bin', 100 * 1024, 1024);
    for (let i = 0; (await partFiles()).length === 0; i++) {
      if (i > 50) throw new Error('the write never began');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await partFiles()).toHaveLength(1); // the write had begun
    const reply = await upload.reply;
    expect(reply.status).toBe(400);
    expect(envelope(reply)).toMatchObject({ code: 1400, spec: { reason: 'body-idle-timeout', idle_timeout_s: 1, fields: [{ path: 'body' }] } });
    expect(reply.headers.connection).toBe('close');
    expect(reply.answeredMs).toBeGreaterThanOrEqual(1000);
    expect(reply.answeredMs).toBeLessThan(4000);
    expect(reply.closedMs - reply.answeredMs).toBeLessThan(1000); // the server closed it, the client did not have to
    expect(await partFiles()).toEqual([]);
    expect(await readdir(path.join(homeDir(), 'up'))).toEqual([]);
  });

  it('fails a JSON body that stalls the same way', async () => {
    const request = rawRequest(port, { method: 'POST', path: '/api/storage/mkdir', headers: { ...me.headers, 'content-type': 'application/json', 'content-length': '200' } });
    request.send('{"path": "up/');
    const reply = await request.reply;
    expect(envelope(reply)).toMatchObject({ code: 1400, spec: { reason: 'body-idle-timeout' } });
    expect(reply.answeredMs).toBeLessThan(4000);
  });

  it('fails a chunk that stalls, leaving the session open for the chunk to be sent again', async () => {
    const session = (await me.post<UploadSession>('/storage/upload_session', { path: 'up/chunked.bin', size: 3000, chunk_size: 65536, sha256: sha256(Buffer.alloc(3000, 1)) })).envelope!.spec;
    const request = rawRequest(port, {
      method: 'PUT',
      path: `/api/storage/upload_session/${session.id}/chunk/0`,
      headers: { ...me.headers, 'content-type': 'application/octet-stream', 'content-length': '3000', [chunkSha256Header]: sha256(Buffer.alloc(3000, 1)) },
    });
    request.send(Buffer.alloc(1000, 1));
    expect(envelope(await request.reply)).toMatchObject({ code: 1400, spec: { reason: 'body-idle-timeout' } });
    const resent = await me.call('PUT', `/storage/upload_session/${session.id}/chunk/0`, Buffer.alloc(3000, 1), { [chunkSha256Header]: sha256(Buffer.alloc(3000, 1)) });
    expect(resent.envelope?.code).toBe(200);
    expect((await me.post(`/storage/upload_session/${session.id}/complete`, {})).envelope?.code).toBe(200);
  });

  it('lets a slow upload through: the clock measures idleness, not the whole upload', async () => {
    const upload = stalledUpload('up/slow.bin', 6, 1);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 600));
      upload.send(Buffer.alloc(1, 7));
    }
    // 3 s in all, never 1 s without a byte; the server keeps the connection (keep-alive): the client ends it
    const answered = await Promise.race([upload.reply, new Promise((r) => setTimeout(r, 1500)).then(() => upload.abort()).then(() => upload.reply)]);
    expect(envelope(answered)).toMatchObject({ code: 200, spec: { name: 'slow.bin', size: 6 } });
  });
});

describe("one user's uploads at once", { timeout: 20_000 }, () => {
  it('refuses a third upload body with 1429 naming the limit while two are open, and takes one again once they ended', async () => {
    const first = stalledUpload('up/a.bin', 100 * 1024, 10);
    const second = stalledUpload('up/b.bin', 100 * 1024, 10);
    await new Promise((r) => setTimeout(r, 300));
    const third = stalledUpload('up/c.bin', 100 * 1024, 10);
    const refused = await third.reply;
    expect(refused.status).toBe(429);
    expect(envelope(refused)).toMatchObject({ code: 1429, spec: { reason: 'too-many-uploads', limit: 2 } });
    expect(envelope(refused).info).toContain('STARLIGHT_UPLOAD_MAX_CONCURRENT_PER_USER');
    expect(refused.answeredMs).toBeLessThan(800); // at once, not after the idle clock
    // the stalled two time out and give their places back
    expect(envelope(await first.reply).code).toBe(1400);
    expect(envelope(await second.reply).code).toBe(1400);
    expect((await me.put('/storage/upload', { path: 'up/after.bin' }, Buffer.from('fine'))).envelope?.code).toBe(200);
    expect(await partFiles()).toEqual([]);
  });
});
