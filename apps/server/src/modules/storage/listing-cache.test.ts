import { closeSync, openSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileDriver } from '../../drivers/files/local/local-driver';
import type { FileDriver, FileIdentity } from '../../drivers/files/interface';
import { createListingCache, dirKeyOf, type ListingCacheOptions } from './listing-cache';

const alice: FileIdentity = { account: 'alice_lab' };
const bob: FileIdentity = { account: 'bob_lab' };
let dataDir: string;
let raw: FileDriver;
let home: string;
let run = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'starlight-listing-cache-'));
  raw = createLocalFileDriver({ dataDir });
  home = await raw.homePath(alice);
});
afterAll(async () => {
  await raw.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The real local driver, counting the directory reads the cache asks of it. */
function counted(options: ListingCacheOptions = {}) {
  const reads = { n: 0 };
  const driver: FileDriver = { ...raw, snapshotDir: (...args) => (reads.n++, raw.snapshotDir(...args)) };
  const cache = createListingCache(driver, { racyMs: 0, minEntries: 100, ...options });
  return { cache, list: cache.driver, reads };
}

/** A fresh directory of `count` empty files f0..f{count-1}, made behind the cache's back. */
async function bigDir(count: number): Promise<string> {
  const dir = `run${++run}`;
  await raw.mkdir(alice, dir);
  for (let i = 0; i < count; i++) closeSync(openSync(path.join(home, dir, `f${i}.dat`), 'w'));
  return dir;
}
const names = (page: { entries: { name: string }[] }): string[] => page.entries.map((e) => e.name);
const upload = async (driver: FileDriver, file: string, text: string): Promise<void> =>
  pipeline(Readable.from([Buffer.from(text)]), await driver.writeStream(alice, file));

describe('listing cache', () => {
  it('reads a big directory once and cuts every following page from it', async () => {
    const dir = await bigDir(3_000);
    const { list, reads, cache } = counted();
    const first = await list.listDir(alice, dir, { limit: 100 });
    expect(first.total).toBe(3_000);
    expect(names(first).slice(0, 3)).toEqual(['f0.dat', 'f1.dat', 'f2.dat']);
    const second = await list.listDir(alice, dir, { offset: 100, limit: 100 });
    expect(names(second)[0]).toBe('f100.dat');
    const again = await list.listDir(alice, `${home}/${dir}/`, { limit: 100 }); // the absolute form is the same directory
    expect(names(again)).toEqual(names(first));
    expect(reads.n).toBe(1);
    expect(cache.stats()).toEqual({ listings: 1, entries: 3_000 });
    // another order or filter is another listing
    const descending = await list.listDir(alice, dir, { order: 'desc', limit: 1 });
    expect(names(descending)).toEqual(['f2999.dat']);
    const filtered = await list.listDir(alice, dir, { filter: 'F299', limit: 20 });
    expect(filtered.total).toBe(11);
    expect(reads.n).toBe(3);
  });

  it('is invalidated by our own writes to the directory: upload, mkdir, rename, copy, remove', async () => {
    const dir = await bigDir(500);
    const { list, reads } = counted();
    await list.listDir(alice, dir, { limit: 10 });
    await upload(list, `${dir}/a-new.txt`, 'hello');
    expect((await list.listDir(alice, dir, { limit: 1, filter: 'a-new' })).total).toBe(1);
    let before = reads.n;
    await list.listDir(alice, dir, { limit: 10 });
    expect(reads.n).toBe(before + 1);
    const steps: [string, () => Promise<unknown>, number][] = [
      ['mkdir', () => list.mkdir(alice, `${dir}/0-sub`), 502],
      ['rename', () => list.rename(alice, `${dir}/a-new.txt`, `${dir}/renamed.txt`), 502],
      ['copy', () => list.copy(alice, `${dir}/renamed.txt`, `${dir}/copied.txt`), 503],
      ['remove', () => list.remove(alice, `${dir}/copied.txt`), 502],
    ];
    for (const [what, step, total] of steps) {
      await list.listDir(alice, dir, { limit: 10 }); // cached
      before = reads.n;
      await step();
      const page = await list.listDir(alice, dir, { limit: 10 });
      expect(page.total, what).toBe(total);
      expect(reads.n, what).toBe(before + 1);
    }
    expect(names(await list.listDir(alice, dir, { limit: 1 }))).toEqual(['0-sub']); // directories first
  });

  it('is invalidated by a committed upload session, and not by its hidden part', async () => {
    const dir = await bigDir(300);
    const { list, reads } = counted();
    await list.listDir(alice, dir, { limit: 1 });
    const part = await list.createPart(alice, `${dir}/session.bin`, { exclusive: true });
    await list.writePart(alice, `${dir}/session.bin`, part, 0, Buffer.from('chunk'));
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(300); // parts never show
    await list.commitPart(alice, `${dir}/session.bin`, part, { size: 5, exclusive: true });
    expect(names(await list.listDir(alice, dir, { filter: 'session', limit: 5 }))).toEqual(['session.bin']);
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(301);
    expect(reads.n).toBe(4);
  });

  it('drops a listing on our own write even where the mtime cannot tell (coarse clocks)', async () => {
    const dir = await bigDir(300);
    // a driver whose snapshots never notice a change, as on a file system with 1 s mtimes
    const blind: FileDriver = {
      ...raw,
      snapshotDir: async (...args) => {
        const snapshot = await raw.snapshotDir(...args);
        return { ...snapshot, page: async (offset, limit) => (await snapshot.page(offset, limit)) ?? [] };
      },
    };
    const list = createListingCache(blind, { racyMs: 0, minEntries: 100 }).driver;
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(300);
    await upload(list, `${dir}/new.txt`, 'x');
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(301);
    await list.remove(alice, `${home}/${dir}/new.txt`); // the absolute form names the same directory
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(300);
    // a change behind its back is what the mtime check is for: blind, it keeps the old listing
    writeFileSync(path.join(home, dir, 'unseen.txt'), '');
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(300);
  });

  it('shares one read among pages asked for at once', async () => {
    const dir = await bigDir(300);
    const { list, reads } = counted();
    const pages = await Promise.all([0, 100, 200].map((offset) => list.listDir(alice, dir, { offset, limit: 100 })));
    expect(pages.map((p) => names(p)[0])).toEqual(['f0.dat', 'f100.dat', 'f200.dat']);
    expect(reads.n).toBe(1);
  });

  it('keeps listings of other directories and other accounts on a write elsewhere', async () => {
    const dir = await bigDir(300);
    const other = await bigDir(1);
    const { list, reads } = counted();
    await list.listDir(alice, dir, { limit: 10 });
    await upload(list, `${other}/x.txt`, 'x');
    await raw.mkdir(bob, 'b');
    await list.mkdir(bob, 'b/c');
    await list.listDir(alice, dir, { limit: 10 });
    expect(reads.n).toBe(1);
  });

  it("sees changes made behind its back through the directory's mtime", async () => {
    const dir = await bigDir(300);
    const { list, reads } = counted();
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(300);
    writeFileSync(path.join(home, dir, 'from-a-job.out'), 'done');
    const page = await list.listDir(alice, dir, { filter: 'from-a-job', limit: 5 });
    expect(names(page)).toEqual(['from-a-job.out']);
    expect((await list.listDir(alice, dir, { limit: 1 })).total).toBe(301);
    expect(reads.n).toBe(3);
  });

  it('stats each page fresh: a file rewritten in place shows its new size from a cached listing', async () => {
    const dir = await bigDir(300);
    const { list, reads } = counted();
    expect((await list.listDir(alice, dir, { limit: 1 })).entries[0]?.size).toBe(0);
    writeFileSync(path.join(home, dir, 'f0.dat'), 'grown'); // same directory mtime
    expect((await list.listDir(alice, dir, { limit: 1 })).entries[0]?.size).toBe(5);
    expect(reads.n).toBe(1);
  });

  it('forgets a listing after its TTL', async () => {
    const dir = await bigDir(300);
    let clock = Date.now();
    const { list, reads } = counted({ ttlMs: 1_000, now: () => clock });
    await list.listDir(alice, dir, { limit: 1 });
    clock += 999;
    await list.listDir(alice, dir, { limit: 1 });
    expect(reads.n).toBe(1);
    clock += 2;
    await list.listDir(alice, dir, { limit: 1 });
    expect(reads.n).toBe(2);
  });

  it('does not keep a read of a directory changed within the racy window, nor small ones', async () => {
    const dir = await bigDir(300);
    const { list, reads } = counted({ racyMs: 60_000 });
    await list.listDir(alice, dir, { limit: 1 });
    await list.listDir(alice, dir, { limit: 1 });
    expect(reads.n).toBe(2);
    const small = counted({ minEntries: 1_000 });
    await small.list.listDir(alice, dir, { limit: 1 });
    await small.list.listDir(alice, dir, { limit: 1 });
    expect(small.reads.n).toBe(2);
  });

  it('bounds memory: least recently used listings go first', async () => {
    const a = await bigDir(400);
    const b = await bigDir(400);
    const c = await bigDir(400);
    const { list, reads, cache } = counted({ maxEntries: 1_000 });
    await list.listDir(alice, a, { limit: 1 });
    await list.listDir(alice, b, { limit: 1 });
    await list.listDir(alice, a, { limit: 1 }); // a is now the most recent
    await list.listDir(alice, c, { limit: 1 }); // b goes
    expect(cache.stats()).toEqual({ listings: 2, entries: 800 });
    await list.listDir(alice, a, { limit: 1 });
    expect(reads.n).toBe(3);
    await list.listDir(alice, b, { limit: 1 });
    expect(reads.n).toBe(4);
  });

  it('a directory removed or replaced by a link is read again, not served from the cache', async () => {
    const dir = await bigDir(300);
    const { list } = counted();
    await list.listDir(alice, dir, { limit: 1 });
    await raw.rename(alice, dir, `${dir}-moved`);
    await expect(list.listDir(alice, dir, { limit: 1 })).rejects.toMatchObject({ code: 11502 });
  });

  it('refuses bad paging like the driver does', async () => {
    const { list } = counted();
    await expect(list.listDir(alice, '.', { limit: 0 })).rejects.toMatchObject({ code: 1400 });
    await expect(list.listDir(alice, '.', { offset: -1 })).rejects.toMatchObject({ code: 1400 });
    await expect(list.listDir(alice, '../bob_lab', { limit: 1 })).rejects.toMatchObject({ code: 1403 });
  });

  it('keys directories home-relative', () => {
    expect(dirKeyOf('.', '/h/a')).toBe('.');
    expect(dirKeyOf('/h/a', '/h/a')).toBe('.');
    expect(dirKeyOf('/h/a/x/y/', '/h/a')).toBe('x/y');
    expect(dirKeyOf('./x//y', '/h/a')).toBe('x/y');
    expect(dirKeyOf('x/../z', '/h/a')).toBe('z');
  });
});
