import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, startTestApp, stopTestApp, type TestApp } from './helpers';
import { chunkSha256Header } from '@starlight/contract/storage';
import { sha256, storageClient, tempDataDir, type StorageClient } from './storage-helpers';

let t: TestApp;
let data: Awaited<ReturnType<typeof tempDataDir>>;
let me: StorageClient;
const homeDir = (): string => path.join(data.dir, 'homes', 'demo_lab_bound');
const partFiles = async (): Promise<string[]> => (await readdir(homeDir(), { recursive: true })).filter((n) => path.basename(n).startsWith('.starlight-part-'));

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

/** A PUT /storage/upload that must be answered within a second or two (it used to hang for good). */
async function upload(headers: Record<string, string>, payload?: string) {
  const started = Date.now();
  const response = await Promise.race([
    t.app.inject({ method: 'PUT', url: api('/storage/upload?path=up/x.bin'), headers: { ...me.headers, ...headers }, ...(payload === undefined ? {} : { payload }) }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 5 s')), 5000)),
  ]);
  return { response, ms: Date.now() - started };
}

describe('PUT /storage/upload with a body that is not a raw stream', () => {
  it.each([
    ['an empty body without a content type', {}, undefined],
    ['a JSON body', { 'content-type': 'application/json' }, '{"a":1}'],
    ['a JSON array body', { 'content-type': 'application/json' }, '[]'],
  ])('answers 1400 naming the content type at once for %s, leaving no part file', async (_name, headers, payload) => {
    const { response, ms } = await upload(headers, payload);
    expect(ms).toBeLessThan(3000);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'headers.content-type' }] } });
    expect(await partFiles()).toEqual([]);
    expect(await readdir(path.join(homeDir(), 'up'))).toEqual([]);
  });

  it('answers 1400 for a chunk sent as JSON, and the session takes the chunk as bytes afterwards', async () => {
    const session = (await me.post<{ id: string }>('/storage/upload_session', { path: 'up/chunked.bin', size: 3, chunk_size: 65536, sha256: sha256('abc') })).envelope!.spec;
    const url = api(`/storage/upload_session/${session.id}/chunk/0`);
    const refused = await t.app.inject({ method: 'PUT', url, headers: { ...me.headers, 'content-type': 'application/json' }, payload: '"abc"' });
    expect(body(refused)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'headers.content-type' }] } });
    expect((await me.call('PUT', `/storage/upload_session/${session.id}/chunk/0`, Buffer.from('abc'), { [chunkSha256Header]: sha256('abc') })).envelope?.code).toBe(200);
    expect((await me.post(`/storage/upload_session/${session.id}/complete`, {})).envelope?.code).toBe(200);
  });

  it('still takes an empty file sent as application/octet-stream', async () => {
    const { response } = await upload({ 'content-type': 'application/octet-stream' }, '');
    expect(body(response)).toMatchObject({ code: 200, spec: { name: 'x.bin', size: 0 } });
    expect(await partFiles()).toEqual([]);
  });
});

describe('an upload whose client is killed mid-body', () => {
  it('leaves no part file once the server sees the connection drop', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 }).then(() => t.app.server.address() as AddressInfo);
    const req = httpRequest({
      host: '127.0.0.1',
      port: address.port,
      method: 'PUT',
      path: api('/storage/upload?path=up/killed.bin'),
      headers: { ...me.headers, 'content-type': 'application/octet-stream', 'content-length': String(1 << 20) },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(64 * 1024, 1));
    // the part file exists while the body flows
    for (let i = 0; i < 50 && (await partFiles()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await partFiles()).toHaveLength(1);
    req.destroy();
    for (let i = 0; i < 100 && (await partFiles()).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await partFiles()).toEqual([]);
    expect(await readdir(path.join(homeDir(), 'up'))).not.toContain('killed.bin');
  });
});

describe('temporary files left by a server killed mid-upload', () => {
  it('are removed by the next listing of their directory once an hour old; fresh ones and session parts stay', async () => {
    const hoursAgo = (h: number): Date => new Date(Date.now() - h * 3600_000);
    const plant = async (relative: string, mtime: Date): Promise<void> => {
      await writeFile(path.join(homeDir(), relative), 'partial bytes');
      await utimes(path.join(homeDir(), relative), mtime, mtime);
    };
    await plant('.starlight-part-00112233445566aa', hoursAgo(30)); // a previous run's, in the home
    await plant('up/.starlight-part-00112233445566bb', hoursAgo(2));
    await plant('up/.starlight-part-00112233445566cc', new Date()); // maybe another instance's, still writing
    await plant('up/.starlight-part-00112233445566778899aabbccddeeff', hoursAgo(30)); // a chunked session's: its sweeper owns it
    const list = async (dir: string) => (await me.get<{ list: { name: string }[] }>('/storage/dir_info', { dir })).envelope!.spec.list.map((e) => e.name);
    expect(await list('.')).not.toContain('.starlight-part-00112233445566aa');
    expect(await list('up')).not.toContain('.starlight-part-00112233445566cc');
    expect((await partFiles()).sort()).toEqual(['up/.starlight-part-00112233445566778899aabbccddeeff', 'up/.starlight-part-00112233445566cc']);
  });
});
