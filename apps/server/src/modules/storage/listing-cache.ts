import { posix } from 'node:path';
import { finished, type Writable } from 'node:stream';
import { Code } from '@starlight/contract/codes';
import { FileError } from '../../drivers/files/file-error';
import { maxListLimit } from '../../drivers/files/interface';
import type { DirPage, DirSnapshot, FileDriver, FileIdentity, ListOptions } from '../../drivers/files/interface';

/**
 * Per-directory listing cache. A 100,000-entry directory costs a readdir and a sort (0.5–0.9 s) per
 * listing; paging through it re-read it for every page. Here the sorted names are kept per account,
 * directory and order, and each page is cut from them and stat-ed fresh, so sizes and times are never
 * old. An entry is dropped:
 * - when the directory changed: every page re-resolves the directory and compares its real path and
 *   mtime with those taken before the read (changes by jobs, shells, other servers);
 * - on our own writes to it (mkdir, upload, rename, copy, remove, committed upload sessions), which
 *   also covers file systems whose mtime is too coarse to see a change made in the same second;
 * - after a short TTL, and least-recently-used first beyond a bound on cached names.
 * A read whose directory changed less than `racyMs` before it is served but not kept: a change in the
 * same mtime tick would otherwise go unseen.
 * Other console instances are told of our writes through `onInvalidate` (the storage module sends them
 * over the cluster bus) and drop their entries with `dropKeys`.
 */

export interface ListingCacheOptions {
  ttlMs?: number;
  /** Bound on names held over all cached listings (~150 bytes each). */
  maxEntries?: number;
  /** Smaller directories are cheap to read and are not kept. */
  minEntries?: number;
  racyMs?: number;
  now?: () => number;
  /** Told of every invalidation made here (home-relative keys), so other instances can drop theirs. */
  onInvalidate?: (account: string, dirKeys: readonly string[]) => void;
}

interface Cached {
  account: string;
  dirKey: string;
  snapshot: DirSnapshot;
  storedAt: number;
}

const badOption = (info: string): FileError => new FileError(Code.invalidInput, info, 'invalid-option');

/** Home-relative, normalised (`.` is the home): the form keys and invalidations compare. */
export function dirKeyOf(path: string, home: string): string {
  let p = posix.normalize(path || '.');
  if (p.startsWith('/')) {
    if (p === home) return '.';
    if (p.startsWith(`${home}/`)) p = p.slice(home.length + 1);
  }
  p = p.replace(/\/+$/, '').replace(/^(\.\/)+/, '');
  return p === '' ? '.' : p;
}

/** The path and each directory above it (mkdir with parents may create any of them). */
const ancestorsOf = (path: string): string[] => {
  const out = [path];
  for (let p = posix.dirname(path); p !== '.' && p !== '/' && !out.includes(p); p = posix.dirname(p)) out.push(p);
  return out;
};
const parentKey = (key: string): string => (key === '.' ? '.' : posix.dirname(key));
const touches = (dirKey: string, changed: string): boolean =>
  dirKey === changed || dirKey === parentKey(changed) || changed === '.' || dirKey.startsWith(`${changed}/`);

export function createListingCache(driver: FileDriver, options: ListingCacheOptions = {}) {
  const { ttlMs = 30_000, maxEntries = 400_000, minEntries = 2_000, racyMs = 2_000, now = Date.now, onInvalidate } = options;
  const cache = new Map<string, Cached>();
  const homes = new Map<string, string>();
  const inflight = new Map<string, Promise<{ snapshot: DirSnapshot; generation: number }>>();
  /** Bumped by every write of an account: a read that started before a write is not kept. */
  const generations = new Map<string, number>();
  let held = 0;

  const homeOf = async (identity: FileIdentity): Promise<string> => {
    const known = homes.get(identity.account);
    if (known !== undefined) return known;
    const home = await driver.homePath(identity);
    if (homes.size > 10_000) homes.clear();
    homes.set(identity.account, home);
    return home;
  };
  const drop = (key: string): void => {
    const entry = cache.get(key);
    if (!entry) return;
    held -= entry.snapshot.total;
    cache.delete(key);
  };
  const store = (key: string, entry: Cached): void => {
    drop(key);
    cache.set(key, entry);
    held += entry.snapshot.total;
    for (const oldest of cache.keys()) {
      if (held <= maxEntries) break;
      drop(oldest);
    }
  };

  /** Drops the account's cached listings that a change at these paths can have altered. */
  async function invalidate(identity: FileIdentity, paths: readonly string[]): Promise<void> {
    generations.set(identity.account, (generations.get(identity.account) ?? 0) + 1);
    const home = await homeOf(identity).catch(() => null);
    const changed = home === null ? ['.'] : paths.map((p) => dirKeyOf(p, home));
    dropKeys(identity.account, changed);
    onInvalidate?.(identity.account, changed);
  }

  /** Drops the account's listings that changes at these home-relative keys can have altered (also another instance's writes). */
  function dropKeys(account: string, changed: readonly string[]): void {
    generations.set(account, (generations.get(account) ?? 0) + 1);
    for (const [key, entry] of cache) {
      if (entry.account !== account) continue;
      if (changed.some((c) => touches(entry.dirKey, c)) || entry.dirKey.startsWith('.trash')) drop(key);
    }
  }

  async function listDir(identity: FileIdentity, dir: string, listOptions: ListOptions = {}): Promise<DirPage> {
    const { offset = 0, limit = 100, ...order } = listOptions;
    if (!Number.isSafeInteger(offset) || offset < 0) throw badOption('offset must be a whole number ≥ 0');
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxListLimit) throw badOption(`limit must be a whole number from 1 to ${maxListLimit}`);
    const dirKey = dirKeyOf(dir, await homeOf(identity));
    const key = JSON.stringify([identity.account, dirKey, order.sort ?? 'name', order.order ?? 'asc', (order.filter ?? '').toLowerCase(), order.dirsFirst !== false]);

    const hit = cache.get(key);
    if (hit && now() - hit.storedAt <= ttlMs) {
      const entries = await hit.snapshot.page(offset, limit);
      if (entries) {
        cache.delete(key); // most recently used last
        cache.set(key, hit);
        return { entries, total: hit.snapshot.total, offset };
      }
    }
    if (hit) drop(key);

    // pages asked for at once (the file manager's window) share one read of the directory
    let reading = inflight.get(key);
    if (!reading) {
      const generation = generations.get(identity.account) ?? 0;
      reading = driver.snapshotDir(identity, dir, order).then((snapshot) => ({ snapshot, generation }));
      inflight.set(key, reading);
      const forget = (): void => void (inflight.get(key) === reading && inflight.delete(key));
      reading.then(forget, forget);
    }
    const { snapshot, generation } = await reading;
    const entries = await snapshot.page(offset, limit);
    // changed while it was being read: the plain listing is the answer, nothing is kept
    if (!entries) return driver.listDir(identity, dir, listOptions);
    const keep =
      snapshot.total >= minEntries &&
      snapshot.total <= maxEntries &&
      now() - snapshot.mtime >= racyMs &&
      (generations.get(identity.account) ?? 0) === generation;
    if (keep && cache.get(key)?.snapshot !== snapshot) store(key, { account: identity.account, dirKey, snapshot, storedAt: now() });
    return { entries, total: snapshot.total, offset };
  }

  /** Runs a write, then drops what it may have changed (whether it succeeded or not). */
  const writing = async <T>(identity: FileIdentity, paths: string[], write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      await invalidate(identity, paths);
    }
  };

  /** The driver with listings served from the cache and every write invalidating it. */
  const cachedDriver: FileDriver = {
    kind: driver.kind,
    homePath: (identity) => driver.homePath(identity),
    listDir,
    snapshotDir: (identity, dir, o) => driver.snapshotDir(identity, dir, o),
    stat: (identity, path) => driver.stat(identity, path),
    readStream: (identity, path, range) => driver.readStream(identity, path, range),
    async writeStream(identity, path, o): Promise<Writable> {
      const stream = await driver.writeStream(identity, path, o);
      // the file appears (or the temporary one goes) when the stream ends either way
      finished(stream, () => void invalidate(identity, [path]));
      return stream;
    },
    mkdir: (identity, path, o) => writing(identity, o?.parents ? ancestorsOf(path) : [path], () => driver.mkdir(identity, path, o)),
    rename: (identity, from, to, o) => writing(identity, [from, to], () => driver.rename(identity, from, to, o)),
    copy: (identity, from, to) => writing(identity, [to], () => driver.copy(identity, from, to)),
    remove: (identity, path, o) => writing(identity, [path], () => driver.remove(identity, path, o)),
    createPart: (identity, path, o) => driver.createPart(identity, path, o),
    writePart: (identity, path, partId, offset, data) => driver.writePart(identity, path, partId, offset, data),
    commitPart: (identity, path, partId, o) => writing(identity, [path], () => driver.commitPart(identity, path, partId, o)),
    hashPart: (identity, path, partId, start, end, hash) => driver.hashPart(identity, path, partId, start, end, hash),
    discardPart: (identity, path, partId) => driver.discardPart(identity, path, partId),
    sha256: (identity, path) => driver.sha256(identity, path),
    close: () => driver.close(),
  };

  return {
    driver: cachedDriver,
    invalidate,
    dropKeys,
    /** Everything (messages from other instances may have been missed). */
    clear: () => {
      for (const key of [...cache.keys()]) drop(key);
      for (const account of generations.keys()) generations.set(account, (generations.get(account) ?? 0) + 1);
    },
    /** For tests and metrics: listings and names held. */
    stats: () => ({ listings: cache.size, entries: held }),
  };
}

export type ListingCache = ReturnType<typeof createListingCache>;
