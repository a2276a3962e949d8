import { createHash, randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import { Readable, finished } from 'node:stream';
import { Code } from '@starlight/contract/codes';
import { exists, FileError, notFound } from '../file-error';
import type { ByteRange, FileDriver, FileEntry, FileIdentity, FileRead } from '../interface';
import { checkAccount, isInTrash, parseUserPath, tempPrefix, underHome } from '../paths';
import type { UserPath } from '../paths';
import { AtomicWriteStream } from './atomic-write';
import { mapped, toFileError } from './errors';
import { listDirectory, readSorted, statPage, toEntry } from './list-dir';
import { planListing } from './listing';
import type { FsSession, OpenSession } from './raw-fs';
import { lstatOrMissing, resolveDir, resolveEntry, resolveFollow } from './resolve';
import { moveToTrash } from './trash';
import { copyTree, removeTree } from './tree';
import { commitPart, createPart, discardPart, hashPart, writePart } from './parts';
import { createLeftovers, type LeftoverTiming } from './leftovers';

/**
 * The one implementation of FileDriver's rules, shared by `local` and `ssh` so both refuse the same
 * paths with the same codes. Order on every call: the pure checks of paths.ts (before any connection
 * is opened), then the account's session, then link resolution confined to the home's real path,
 * then the operation itself, which the account's own Unix permissions may still refuse.
 */

export interface CoreOptions {
  kind: FileDriver['kind'];
  openSession: OpenSession;
  close(): Promise<void>;
  /** Retry delays of removals the file server's going away prevented (core/leftovers.ts). */
  leftovers?: LeftoverTiming;
}

// 16 hex digits: the shape paths.ts's streamTempPattern recognises when the writer is gone
const tempName = (): string => `${tempPrefix}${randomBytes(8).toString('hex')}`;
const lastOf = (segments: readonly string[]): string => segments[segments.length - 1] ?? '';
const homeItself = (): FileError =>
  new FileError(Code.forbidden, 'the home directory itself cannot be moved, replaced or removed', 'home');
const sha256Pattern = /^[0-9a-fA-F]{64}$/;

function byteRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  const { start, end = size - 1 } = range;
  const whole = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;
  if (!whole(start) || !whole(end) || end < start || start >= size)
    throw new FileError(Code.invalidInput, `the range is not satisfiable for ${size} bytes`, 'range');
  return { start, end: Math.min(end, size - 1) };
}

export function createFileDriver(core: CoreOptions): FileDriver {
  // temporary files whose removal the file server's going away prevented: removed once it is back
  const leftovers = createLeftovers(core.openSession, core.leftovers);
  const open = (identity: FileIdentity): Promise<FsSession> =>
    mapped(Promise.resolve().then(() => core.openSession(checkAccount(identity?.account))));
  const withSession = async <T>(identity: FileIdentity, use: (s: FsSession) => Promise<T>): Promise<T> => {
    const session = await open(identity);
    try {
      return await use(session);
    } finally {
      session.release();
    }
  };
  const segmentsIn = (s: FsSession, path: UserPath): string[] => underHome(path, s.home);
  /** The path's checks first (before any session), then `use` with its home-relative segments. */
  const withParsed = async <T>(identity: FileIdentity, path: string, use: (s: FsSession, segments: string[]) => Promise<T>): Promise<T> => {
    const parsed = parseUserPath(path);
    return withSession(identity, (s) => use(s, segmentsIn(s, parsed)));
  };
  const entryOf = async (s: FsSession, path: string, name: string): Promise<FileEntry> =>
    toEntry(name, await mapped(s.fs.lstat(path)));

  const driver: FileDriver = {
    kind: core.kind,

    homePath: async (identity) => withSession(identity, async (s) => s.home),

    async listDir(identity, dir, options) {
      const plan = planListing(options);
      const path = parseUserPath(dir);
      return withSession(identity, async (s) => {
        const target = await resolveFollow(s.fs, s.homeReal, segmentsIn(s, path));
        if (!target.stat) throw new FileError(Code.dirMissing, 'the directory does not exist', 'dir-missing');
        if (target.stat.type !== 'dir') throw new FileError(Code.dirMissing, 'the path is not a directory', 'not-a-dir');
        return listDirectory(s.fs, target.path, plan);
      });
    },

    async snapshotDir(identity, dir, options) {
      const plan = planListing({ ...options, offset: 0, limit: 1 });
      const path = parseUserPath(dir);
      const current = (s: FsSession) => resolveFollow(s.fs, s.homeReal, segmentsIn(s, path));
      const read = await withSession(identity, async (s) => {
        const target = await current(s);
        if (!target.stat) throw new FileError(Code.dirMissing, 'the directory does not exist', 'dir-missing');
        if (target.stat.type !== 'dir') throw new FileError(Code.dirMissing, 'the path is not a directory', 'not-a-dir');
        // names only: page() stats what it hands out, so a cached page never shows an old size
        const items = (await readSorted(s.fs, target.path, plan)).map((i) => ({ ...i, stat: undefined }));
        return { realPath: target.path, mtime: target.stat.mtimeMs, items };
      });
      return {
        total: read.items.length,
        mtime: read.mtime,
        page: (offset, limit) =>
          withSession(identity, async (s) => {
            const target = await current(s).catch(() => undefined);
            if (target?.stat?.type !== 'dir' || target.path !== read.realPath || target.stat.mtimeMs !== read.mtime) return null;
            return statPage(s.fs, target.path, read.items.slice(offset, offset + limit));
          }),
      };
    },

    async stat(identity, path) {
      const parsed = parseUserPath(path);
      return withSession(identity, async (s) => {
        const segments = segmentsIn(s, parsed);
        const target = await resolveFollow(s.fs, s.homeReal, segments);
        if (!target.stat) throw notFound();
        return toEntry(lastOf(segments), target.stat);
      });
    },

    async readStream(identity, path, range): Promise<FileRead> {
      const parsed = parseUserPath(path);
      const s = await open(identity);
      try {
        const target = await resolveFollow(s.fs, s.homeReal, segmentsIn(s, parsed));
        if (!target.stat) throw notFound();
        if (target.stat.type === 'dir') throw new FileError(Code.invalidInput, 'the path is a directory', 'is-a-dir');
        // a FIFO or a device would block the reader (over SFTP: the account's whole session)
        if (target.stat.type !== 'file') throw new FileError(Code.invalidInput, 'the path is not a regular file', 'not-a-file');
        const file = await mapped(s.fs.openFile(target.path));
        let bytes: { start: number; end: number };
        try {
          bytes = byteRange(range, file.size);
        } catch (err) {
          await file.close().catch(() => undefined);
          throw err;
        }
        let stream: Readable;
        if (bytes.end < bytes.start) {
          await file.close().catch(() => undefined);
          stream = Readable.from([]);
        } else {
          stream = file.stream(bytes.start, bytes.end);
        }
        let released = false;
        finished(stream, () => {
          if (!released) s.release();
          released = true;
        });
        return { stream, size: file.size, ...bytes };
      } catch (err) {
        s.release();
        throw toFileError(err);
      }
    },

    async writeStream(identity, path, options = {}) {
      const parsed = parseUserPath(path);
      const { exclusive = false, sha256 } = options;
      if (sha256 !== undefined && !sha256Pattern.test(sha256))
        throw new FileError(Code.invalidInput, 'sha256 must be 64 hex digits', 'invalid-option');
      const s = await open(identity);
      try {
        const segments = segmentsIn(s, parsed);
        if (segments.length === 0) throw homeItself();
        const target = await resolveFollow(s.fs, s.homeReal, segments);
        if (target.stat?.type === 'dir') throw new FileError(Code.conflict, 'a directory has that name', 'is-a-dir');
        if (target.stat && target.stat.type !== 'file') throw new FileError(Code.conflict, 'the target is not a regular file', 'not-a-file');
        if (target.stat && exclusive) throw exists();
        const temp = posix.join(posix.dirname(target.path), tempName());
        const writer = await mapped(s.fs.createExclusive(temp), 'parent');
        return new AtomicWriteStream({
          writer,
          commit: () => (exclusive ? s.fs.renameNoReplace(temp, target.path) : s.fs.renameReplace(temp, target.path)),
          discard: () => leftovers.remove(identity.account, temp, () => s.fs.unlink(temp)).then(() => undefined),
          done: () => s.release(),
          ...(sha256 ? { expectedSha256: sha256 } : {}),
        });
      } catch (err) {
        s.release();
        throw toFileError(err);
      }
    },

    async mkdir(identity, path, options = {}) {
      const parsed = parseUserPath(path);
      return withSession(identity, async (s) => {
        const segments = segmentsIn(s, parsed);
        if (segments.length === 0) throw exists('the home directory exists');
        if (!options.parents) {
          const target = await resolveEntry(s.fs, s.homeReal, segments);
          if (target.stat) throw exists();
          await mapped(s.fs.mkdir(target.path), 'parent');
          return entryOf(s, target.path, lastOf(segments));
        }
        let last = s.homeReal;
        for (let i = 1; i <= segments.length; i++) {
          const target = await resolveFollow(s.fs, s.homeReal, segments.slice(0, i));
          if (!target.stat) await mapped(s.fs.mkdir(target.path), 'parent');
          else if (target.stat.type !== 'dir') throw new FileError(Code.conflict, 'a file is in the way', 'not-a-dir');
          last = target.path;
        }
        return entryOf(s, last, lastOf(segments));
      });
    },

    async rename(identity, from, to, options = {}) {
      const fromPath = parseUserPath(from);
      const toPath = parseUserPath(to);
      return withSession(identity, async (s) => {
        const fromSegments = segmentsIn(s, fromPath);
        const toSegments = segmentsIn(s, toPath);
        if (fromSegments.length === 0 || toSegments.length === 0) throw homeItself();
        const source = await resolveEntry(s.fs, s.homeReal, fromSegments);
        if (!source.stat) throw notFound();
        const dest = posix.join(await resolveDir(s.fs, s.homeReal, toSegments.slice(0, -1)), lastOf(toSegments));
        if (dest === source.path) return toEntry(lastOf(toSegments), source.stat);
        if (source.stat.type === 'dir' && dest.startsWith(`${source.path}/`))
          throw new FileError(Code.invalidInput, 'a directory cannot move into itself', 'into-itself');
        if (!options.overwrite && (await mapped(lstatOrMissing(s.fs, dest)))) throw exists();
        await mapped(options.overwrite ? s.fs.renameReplace(source.path, dest) : s.fs.renameNoReplace(source.path, dest));
        return entryOf(s, dest, lastOf(toSegments));
      });
    },

    async copy(identity, from, to) {
      const fromPath = parseUserPath(from);
      const toPath = parseUserPath(to);
      return withSession(identity, async (s) => {
        const toSegments = segmentsIn(s, toPath);
        if (toSegments.length === 0) throw homeItself();
        const source = await resolveFollow(s.fs, s.homeReal, segmentsIn(s, fromPath));
        if (!source.stat) throw notFound();
        if (source.stat.type !== 'file' && source.stat.type !== 'dir')
          throw new FileError(Code.invalidInput, 'only files and directories can be copied', 'not-a-file');
        const destDir = await resolveDir(s.fs, s.homeReal, toSegments.slice(0, -1));
        const dest = posix.join(destDir, lastOf(toSegments));
        if (await mapped(lstatOrMissing(s.fs, dest))) throw exists();
        if (source.stat.type === 'dir' && (dest === source.path || dest.startsWith(`${source.path}/`)))
          throw new FileError(Code.invalidInput, 'a directory cannot be copied into itself', 'into-itself');
        // built under a hidden name, then renamed: a copy appears whole or not at all
        const temp = posix.join(destDir, tempName());
        try {
          if (source.stat.type === 'file') await s.fs.copyFile(source.path, temp);
          else await copyTree(s.fs, source.path, temp);
          await s.fs.renameNoReplace(temp, dest);
        } catch (err) {
          await removeTree(s.fs, temp).catch(() => undefined);
          throw toFileError(err);
        }
        return entryOf(s, dest, lastOf(toSegments));
      });
    },

    async remove(identity, path, options = {}) {
      const parsed = parseUserPath(path);
      return withSession(identity, async (s) => {
        const segments = segmentsIn(s, parsed);
        if (segments.length === 0) throw homeItself();
        const target = await resolveEntry(s.fs, s.homeReal, segments);
        if (!target.stat) throw notFound();
        if (options.permanent || isInTrash(segments)) {
          await mapped(removeTree(s.fs, target.path));
          return { trashPath: null };
        }
        return { trashPath: await moveToTrash(s, segments, target.path) };
      });
    },

    async sha256(identity, path) {
      const { stream } = await driver.readStream(identity, path);
      const hash = createHash('sha256');
      try {
        for await (const chunk of stream) hash.update(chunk as Buffer);
      } catch (err) {
        throw toFileError(err);
      }
      return hash.digest('hex');
    },

    createPart: (identity, path, options = {}) =>
      withParsed(identity, path, (s, segments) => createPart(s, segments, options.exclusive ?? false)),
    writePart: (identity, path, partId, offset, data) =>
      withParsed(identity, path, (s, segments) => writePart(s, segments, partId, offset, data)),
    commitPart: (identity, path, partId, options) =>
      withParsed(identity, path, (s, segments) => commitPart(s, segments, partId, options)),
    hashPart: (identity, path, partId, start, end, hash) =>
      withParsed(identity, path, (s, segments) => hashPart(s, segments, partId, start, end, hash)),
    discardPart: (identity, path, partId) =>
      withParsed(identity, path, (s, segments) => discardPart(s, segments, partId, (part, removeNow) => leftovers.remove(identity.account, part, removeNow))),

    close: () => {
      leftovers.close();
      return core.close();
    },
  };
  return driver;
}
