import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createLocalFileDriver } from '../../drivers/files/local/local-driver';
import type { Actor } from '../../lib/actor';
import { openTestDatabase } from '../../../test/database';
import { createIdentityModule } from '../identity/identity.module';
import { previewContentType } from './preview';
import { parseRange } from './range';
import { entryHeader } from './tar';
import { createUploadSessionsRepo } from './upload-sessions.repo';
import { createStorageAt } from './storage-target';
import { createUploadsService } from './uploads.service';

describe('storage helpers', () => {
  it('reads one bytes= range and ignores the rest', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    for (const header of ['bytes=-100', 'bytes=0-1,5-6', 'bytes=5-2', 'items=0-1', 'bytes=a-b']) expect(parseRange(header)).toBeNull();
  });

  it('recognises images by magic bytes only', () => {
    expect(previewContentType('image', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(previewContentType('image', Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(previewContentType('image', Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(() => previewContentType('image', Buffer.from('<svg '))).toThrow(/not a PNG/);
  });

  it('puts long and non-ASCII names in a pax header', () => {
    const short = entryHeader({ path: 'a/b.txt', type: 'file', size: 3, mtime: 0, mode: 0o644 });
    expect(short.length).toBe(512);
    const long = entryHeader({ path: `${'d'.repeat(120)}/数据.txt`, type: 'file', size: 3, mtime: 0, mode: 0o644 });
    expect(long.length).toBe(512 * 3);
    expect(long.subarray(156, 157).toString()).toBe('x');
    const record = long.subarray(512, 1024).toString('utf8').replace(/\0+$/, '');
    const [length] = record.split(' ');
    expect(Buffer.byteLength(record)).toBe(Number(length));
    expect(record).toContain(`path=${'d'.repeat(120)}/数据.txt\n`);
  });
});

describe('upload session sweep', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  let actor: Actor;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'starlight-sweep-'));
    const { accounts } = createIdentityModule({ db: database.db, login: { maxFailures: 5, windowS: 900 }, initialAdminPassword: null });
    const userId = (await accounts.createUser({ userName: 'sweeper', password: 'Pass-word-1', status: 1, systemAccount: 'sweep_acct' }))!;
    actor = { userId, userName: 'sweeper', status: 1, permissions: [], sessionId: 0, tokenType: 'shortTerm' };
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('removes expired open sessions and their part files', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const driver = createLocalFileDriver({ dataDir });
    const uploads = createUploadsService({
      repo: createUploadSessionsRepo(database.db),
      at: createStorageAt(async () => ({ account: 'sweep_acct' }), driver),
      driverFor: async () => driver,
      identityOf: async () => ({ account: 'sweep_acct' }),
      settings: { uploadMaxBytes: null, uploadSessionTtlS: 3600, uploadMaxConcurrentPerUser: 8, tarMaxBytes: 1 },
      now: () => clock,
    });
    const session = await uploads.create(actor, { path: 'x.bin', size: 10, chunk_size: 65536, overwrite: false });
    const home = path.join(dataDir, 'homes', 'sweep_acct');
    expect((await readdir(home)).length).toBe(1);
    expect(await uploads.sweepExpired()).toBe(0);
    clock = new Date(clock.getTime() + 3601 * 1000);
    expect(await uploads.sweepExpired()).toBe(1);
    expect(await readdir(home)).toEqual([]);
    await expect(uploads.get(actor, session.id)).resolves.toMatchObject({ state: 'aborted' });
  });
});
