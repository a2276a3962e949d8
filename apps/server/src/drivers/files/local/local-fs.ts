import { constants, lstat as lstatCb, promises as fsp } from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { symlinkEscape } from '../file-error';
import type { FileType } from '../interface';
import { isWithin } from '../paths';
import type { RawDirent, RawFile, RawFs, RawStat, RawWriter } from '../core/raw-fs';

/**
 * RawFs on this host's disk. All homes belong to the server's own uid here, so our confinement is
 * the only wall between accounts, and the window between the core's check and the use is closed
 * where it matters: files and directories are opened with O_NOFOLLOW (a final component swapped for
 * a link fails with ELOOP), and the opened descriptor's real location is read back from
 * /proc/self/fd and must lie inside the home (catches a parent directory swapped for a link). Data
 * then moves through that descriptor only. What stays path-based (mkdir, rename, unlink) could
 * still be redirected by a process of the server's own uid racing us; the ssh driver has no such
 * gap because the cluster's permissions bound what the account can reach anyway.
 */

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY, COPYFILE_EXCL } = constants;

const errno = (code: string, message: string): Error => Object.assign(new Error(message), { code });

function typeOf(s: Stats | Dirent): FileType {
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'dir';
  if (s.isSymbolicLink()) return 'symlink';
  return 'other';
}

function direntType(d: Dirent): RawDirent['type'] {
  const t = typeOf(d);
  // file systems without d_type report none of the kinds: the listing then stats
  const known = t !== 'other' || d.isFIFO() || d.isSocket() || d.isBlockDevice() || d.isCharacterDevice();
  return known ? t : 'unknown';
}

const toRawStat = (s: Stats): RawStat => ({ type: typeOf(s), size: s.size, mtimeMs: Math.floor(s.mtimeMs), mode: s.mode & 0o7777 });

const procPath = (handle: FileHandle): string => `/proc/self/fd/${handle.fd}`;

/**
 * `owner`: the account's own Unix user (server running as root). Everything made here is handed to it
 * through the descriptor the kernel confirmed to lie inside the home (fchown), never by path, so a
 * link swapped in meanwhile cannot make root give away a file elsewhere.
 */
export function createLocalFs(homeReal: string, owner?: { uid: number; gid: number }): RawFs {
  /** The kernel's word on where an open descriptor is; without /proc (not Linux) the core's check stands alone. */
  async function confine(handle: FileHandle, created = false): Promise<string | undefined> {
    let where: string;
    try {
      where = await fsp.readlink(procPath(handle));
    } catch {
      return undefined;
    }
    if (isWithin(homeReal, where)) return procPath(handle);
    await handle.close();
    if (created) await fsp.unlink(where).catch(() => undefined); // our own empty file, made through a swapped link
    throw symlinkEscape();
  }

  /** Hands a new entry to the owner; a path that left the home meanwhile is refused (and left alone). */
  async function handOver(path: string, flags: number): Promise<void> {
    if (!owner) return;
    const handle = await fsp.open(path, flags | O_NOFOLLOW | O_NONBLOCK);
    try {
      await confine(handle);
      await handle.chown(owner.uid, owner.gid);
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  async function openRegular(path: string): Promise<{ handle: FileHandle; via: string; stat: Stats }> {
    // O_NONBLOCK: opening a FIFO would otherwise block a thread of the pool until a writer shows up
    const handle = await fsp.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    try {
      const via = (await confine(handle)) ?? path;
      const stat = await handle.stat();
      if (stat.isDirectory()) throw errno('EISDIR', 'is a directory');
      if (!stat.isFile()) throw errno('ENOTFILE', 'not a regular file');
      return { handle, via, stat };
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }

  return {
    realpath: (path) => fsp.realpath(path),
    // the callback API: a listing sorted by size stats every entry, and fs.promises costs ~2.5× more per call
    lstat: (path) =>
      new Promise<RawStat>((resolve, reject) => lstatCb(path, (err, s) => (err ? reject(err) : resolve(toRawStat(s))))),
    readlink: (path) => fsp.readlink(path),

    async readdir(path) {
      const handle = await fsp.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
      try {
        const via = (await confine(handle)) ?? path;
        const entries: RawDirent[] = [];
        // opendir streams the directory in batches; readdir() would build 100,000 Dirents at once
        for await (const d of await fsp.opendir(via, { bufferSize: 512 })) entries.push({ name: d.name, type: direntType(d) });
        return entries;
      } finally {
        await handle.close().catch(() => undefined);
      }
    },

    async openFile(path): Promise<RawFile> {
      const { handle, stat } = await openRegular(path);
      return {
        size: stat.size,
        stream: (start, end, options) => handle.createReadStream({ start, end, autoClose: true, ...(options?.highWaterMark ? { highWaterMark: options.highWaterMark } : {}) }),
        close: () => handle.close(),
      };
    },

    async createExclusive(path): Promise<RawWriter> {
      const handle = await fsp.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666);
      await confine(handle, true);
      if (owner) await handle.chown(owner.uid, owner.gid);
      return {
        async write(chunk) {
          for (let done = 0; done < chunk.byteLength; ) done += (await handle.write(chunk, done, chunk.byteLength - done)).bytesWritten;
        },
        async close() {
          // durable before the rename makes it visible: a crash never shows a complete name with partial data
          try {
            await handle.datasync();
          } finally {
            await handle.close();
          }
        },
      };
    },

    async writeAt(path, offset, data) {
      const handle = await fsp.open(path, O_WRONLY | O_NOFOLLOW);
      try {
        await confine(handle);
        for (let done = 0; done < data.byteLength; )
          done += (await handle.write(data, done, data.byteLength - done, offset + done)).bytesWritten;
        await handle.datasync();
      } finally {
        await handle.close().catch(() => undefined);
      }
    },

    async copyFile(from, to) {
      const { handle, via } = await openRegular(from);
      try {
        // through the checked descriptor (via /proc), with the kernel's copy_file_range
        await fsp.copyFile(via, to, COPYFILE_EXCL);
      } finally {
        await handle.close().catch(() => undefined);
      }
      await handOver(to, O_RDONLY);
    },

    async renameNoReplace(from, to) {
      // link() fails with EEXIST atomically; rename() would replace. Directories cannot be linked:
      // for them a check then rename, which only a racing process of our own uid could defeat.
      try {
        await fsp.link(from, to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw err;
        const there = await fsp.lstat(to).then(
          () => true,
          () => false,
        );
        if (there) throw errno('EEXIST', 'the target exists');
        await fsp.rename(from, to);
        return;
      }
      await fsp.unlink(from);
    },

    renameReplace: (from, to) => fsp.rename(from, to),
    async mkdir(path) {
      await fsp.mkdir(path);
      await handOver(path, O_RDONLY | O_DIRECTORY);
    },
    rmdir: (path) => fsp.rmdir(path),
    unlink: (path) => fsp.unlink(path),
    symlink: (target, path) => fsp.symlink(target, path),
  };
}
