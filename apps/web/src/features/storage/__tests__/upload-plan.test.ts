import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileEntry, UploadSession, UploadSessionInput } from '@starlight/contract/storage';
import { ApiError } from '../../../lib/api-error';
import { bytesReceived, chunksToSend, overallPercent, percent, resumeKey, runLimited } from '../upload/chunk-plan';
import { recallUpload, rememberUpload } from '../upload/resume-store';
import { runUpload, type UploadDeps } from '../upload/run-upload';
import { Sha256 } from '../upload/sha256';

const nodeSha = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

describe('incremental SHA-256', () => {
  it('matches a one-shot digest however the input is cut', () => {
    const data = new Uint8Array(200_003).map((_, i) => (i * 31 + 7) % 256);
    for (const cut of [1, 55, 56, 63, 64, 65, 1000, 200_003]) {
      const hash = new Sha256();
      for (let i = 0; i < data.length; i += cut) hash.update(data.subarray(i, i + cut));
      expect(hash.hex()).toBe(nodeSha(data));
    }
    expect(new Sha256().hex()).toBe(nodeSha(new Uint8Array()));
  });
});

describe('chunk planning', () => {
  it('plans every chunk, the last one short, and none for an empty file', () => {
    expect(chunksToSend(10, 4)).toEqual([
      { index: 0, start: 0, end: 4 },
      { index: 1, start: 4, end: 8 },
      { index: 2, start: 8, end: 10 },
    ]);
    expect(chunksToSend(0, 4)).toEqual([]);
  });

  it('resumes from the indexes the server holds', () => {
    expect(chunksToSend(10, 4, [0, 2]).map((c) => c.index)).toEqual([1]);
    expect(bytesReceived(10, 4, [0, 2, 2])).toBe(6);
    expect(percent(6, 10)).toBe(60);
    expect(overallPercent([{ size: 10, sent: 10 }, { size: 30, sent: 0 }])).toBe(25);
  });

  it('never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async () => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    });
    expect(peak).toBe(3);
  });
});

/** A server in memory: sessions, received chunks and the bytes, checked like the real one. */
function fakeServer(chunkSize: number) {
  const sessions = new Map<string, { session: UploadSession; bytes: Uint8Array }>();
  const puts: number[] = [];
  const deps: UploadDeps = {
    async createSession(input: UploadSessionInput) {
      const id = `s${sessions.size + 1}abcdefghijklmnop`;
      const session: UploadSession = { id, path: input.path, size: input.size, chunk_size: chunkSize, chunk_count: Math.ceil(input.size / chunkSize), received: [], state: 'open', expires_at: '' };
      sessions.set(id, { session, bytes: new Uint8Array(input.size) });
      return structuredClone(session);
    },
    async getSession(id) {
      const found = sessions.get(id);
      if (!found) throw new ApiError({ code: 1404, info: 'upload session not found' });
      return structuredClone(found.session);
    },
    async putChunk(id, index, bytes, sha) {
      const found = sessions.get(id)!;
      expect(sha).toBe(nodeSha(new Uint8Array(bytes)));
      found.bytes.set(new Uint8Array(bytes), index * chunkSize);
      found.session.received.push(index);
      puts.push(index);
    },
    async complete(id, sha) {
      const found = sessions.get(id)!;
      if (nodeSha(found.bytes) !== sha) throw new ApiError({ code: 1400, info: 'mismatch' });
      found.session.state = 'completed';
      return { name: found.session.path, type: 'file', size: found.session.size, mtime: 0, mode: 0o644 } satisfies FileEntry;
    },
    chunkSha256: async (bytes) => nodeSha(new Uint8Array(bytes)),
    uploadSmall: vi.fn(async (target: string, file: Blob) => ({ name: target, type: 'file' as const, size: file.size, mtime: 0, mode: 0 })),
  };
  return { deps, sessions, puts };
}

const chunk = 1024 * 1024;
const makeFile = (size: number, lastModified = 1000) =>
  Object.assign(new Blob([new Uint8Array(size).map((_, i) => i % 251)]), { name: 'data.bin', lastModified });

describe('runUpload', () => {
  beforeEach(() => window.localStorage.clear());

  it('sends every chunk, reports progress, and completes with the whole-file SHA-256', async () => {
    const server = fakeServer(chunk);
    const file = makeFile(chunk * 3 + 10);
    const progress: number[] = [];
    const entry = await runUpload({ file, target: 'up/data.bin', chunkSize: chunk }, server.deps, (p) => progress.push(p.sent));
    expect(entry.size).toBe(file.size);
    expect(server.puts.sort()).toEqual([0, 1, 2, 3]);
    expect(progress.at(-1)).toBe(file.size);
    expect(recallUpload(resumeKey('up/data.bin', file.size, 1000))).toBeUndefined();
  });

  it('after a reload, asks the server what it holds and sends only the rest', async () => {
    const server = fakeServer(chunk);
    const file = makeFile(chunk * 3 + 10);
    const session = await server.deps.createSession({ path: 'up/data.bin', size: file.size, chunk_size: chunk });
    const bytes = new Uint8Array(await file.arrayBuffer());
    for (const i of [0, 2]) await server.deps.putChunk(session.id, i, bytes.slice(i * chunk, (i + 1) * chunk).buffer, nodeSha(bytes.slice(i * chunk, (i + 1) * chunk)));
    server.puts.length = 0;
    rememberUpload(resumeKey('up/data.bin', file.size, 1000), { id: session.id, name: 'data.bin', target: 'up/data.bin', size: file.size, savedAt: Date.now() });
    let resumed = false;
    await runUpload({ file, target: 'up/data.bin', chunkSize: chunk }, server.deps, (p) => (resumed = p.resumed));
    expect(resumed).toBe(true);
    expect(server.puts.sort()).toEqual([1, 3]);
    expect(server.sessions.size).toBe(1);
  });

  it('starts afresh when the remembered session is gone, or the file changed', async () => {
    const server = fakeServer(chunk);
    const file = makeFile(chunk * 2, 2000);
    rememberUpload(resumeKey('up/data.bin', file.size, 2000), { id: 'gone-session-id-0000', name: 'data.bin', target: 'up/data.bin', size: file.size, savedAt: Date.now() });
    await runUpload({ file, target: 'up/data.bin', chunkSize: chunk }, server.deps, () => undefined);
    expect(server.puts.sort()).toEqual([0, 1]);
  });

  it('sends a small file in one request', async () => {
    const server = fakeServer(chunk);
    await runUpload({ file: makeFile(100), target: 'small.bin' }, server.deps, () => undefined);
    expect(server.deps.uploadSmall).toHaveBeenCalledOnce();
    expect(server.sessions.size).toBe(0);
  });
});
