import type { Attributes, SFTPWrapper } from 'ssh2';
import type { FileType } from '../interface';
import type { RawDirent, RawFile, RawFs, RawStat, RawWriter } from '../core/raw-fs';

/**
 * RawFs over one SFTP channel logged in as the account. SFTP v3 answers with a handful of statuses;
 * they become errno codes here (NO_SUCH_FILE → ENOENT, PERMISSION_DENIED → EACCES) and the vague
 * FAILURE is narrowed by looking at the target where it matters (EEXIST). The cluster's own
 * permissions apply to every call: EACCES from here is the login node saying no.
 */

type Errno = Error & { code: string };
const errno = (code: string, message: string, cause?: unknown): Errno =>
  Object.assign(new Error(message, { cause }), { code });

const statusToErrno: Record<number, string> = { 2: 'ENOENT', 3: 'EACCES', 4: 'EFAILURE', 6: 'ENOTCONN', 7: 'ECONNRESET', 8: 'ENOTSUP' };

function asErrno(err: unknown): Errno {
  const status = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  // ssh2 reports a dropped channel or connection as a plain Error without a status
  const code = typeof status === 'number' ? (statusToErrno[status] ?? 'EFAILURE') : 'ECONNRESET';
  return errno(code, message, err);
}

/**
 * Whether requests on the channel can still be answered. ssh2 fails the requests in flight when the
 * channel or its connection goes (cleanupRequests), but a request made after that is written to the dead
 * connection and never answered: the upload of issue 26 hung on the close and unlink that followed.
 */
function channelOpen(sftp: SFTPWrapper): boolean {
  const channel = sftp as unknown as { readable?: boolean; incoming?: { state?: string }; outgoing?: { state?: string } };
  return channel.readable !== false && channel.incoming?.state !== 'closed' && channel.outgoing?.state === 'open';
}

/** ssh2's callback style as a promise; ssh2 also throws synchronously (closed channel). */
function callOn(sftp: SFTPWrapper) {
  return <T = void>(fn: (cb: (err: unknown, value: T) => void) => void): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!channelOpen(sftp)) return reject(errno('ENOTCONN', 'the connection to the file server is gone'));
      try {
        fn((err, value) => (err ? reject(asErrno(err)) : resolve(value)));
      } catch (err) {
        reject(asErrno(err));
      }
    });
}

function typeOfMode(mode: number): FileType {
  switch (mode & 0o170000) {
    case 0o100000:
      return 'file';
    case 0o040000:
      return 'dir';
    case 0o120000:
      return 'symlink';
    default:
      return 'other';
  }
}

const toRawStat = (a: Attributes, owner?: string): RawStat => ({
  type: typeOfMode(a.mode),
  size: a.size,
  mtimeMs: a.mtime * 1000,
  mode: a.mode & 0o7777,
  ...(owner ? { owner } : {}),
});

/** The owner column of OpenSSH's `ls -l`-style longname; the uid alone would need a lookup per entry. */
function ownerOf(longname: string): string | undefined {
  const fields = longname.split(/\s+/);
  return /^[-dlcbps]/.test(longname) && fields.length >= 9 ? fields[2] : undefined;
}

// ssh2 keeps the server's extension list private; reading it beats a failed round trip per call
const supports = (sftp: SFTPWrapper, extension: string): boolean =>
  (sftp as unknown as { _extensions?: Record<string, string> })._extensions?.[extension] !== undefined;

export function createSftpFs(sftp: SFTPWrapper): RawFs {
  const call = callOn(sftp);
  const lstat = async (path: string): Promise<RawStat> => toRawStat(await call<Attributes>((cb) => sftp.lstat(path, cb)));
  const exists = (path: string): Promise<boolean> => lstat(path).then(() => true, () => false);
  const close = (handle: Buffer): Promise<void> => call((cb) => sftp.close(handle, cb));

  async function openRegular(path: string): Promise<{ handle: Buffer; size: number }> {
    const handle = await call<Buffer>((cb) => sftp.open(path, 'r', cb));
    try {
      const attrs = await call<Attributes>((cb) => sftp.fstat(handle, cb));
      const type = typeOfMode(attrs.mode);
      if (type === 'dir') throw errno('EISDIR', 'is a directory');
      if (type !== 'file') throw errno('ENOTFILE', 'not a regular file');
      return { handle, size: attrs.size };
    } catch (err) {
      await close(handle).catch(() => undefined);
      throw err;
    }
  }

  async function openNew(path: string): Promise<Buffer> {
    try {
      return await call<Buffer>((cb) => sftp.open(path, 'wx', cb));
    } catch (err) {
      if ((err as Errno).code === 'EFAILURE' && (await exists(path))) throw errno('EEXIST', 'the target exists', err);
      throw err;
    }
  }

  /** Server-side copy (OpenSSH's copy-data) when offered, else the bytes travel through us. */
  async function copyHandle(from: Buffer, to: Buffer, size: number): Promise<void> {
    if (supports(sftp, 'copy-data')) return call((cb) => sftp.ext_copy_data(from, 0, 0, to, 0, cb)); // length 0: to EOF
    const buffer = Buffer.allocUnsafe(256 * 1024);
    for (let position = 0; position < size; ) {
      const n = await call<number>((cb) => sftp.read(from, buffer, 0, buffer.length, position, cb));
      if (n === 0) break;
      await call((cb) => sftp.write(to, buffer, 0, n, position, cb));
      position += n;
    }
  }

  return {
    realpath: (path) => call<string>((cb) => sftp.realpath(path, cb)),
    lstat,
    readlink: (path) => call<string>((cb) => sftp.readlink(path, cb)),

    async readdir(path): Promise<RawDirent[]> {
      const list = await call<{ filename: string; longname: string; attrs: Attributes }[]>((cb) => sftp.readdir(path, cb));
      return list.map((e) => {
        const stat = toRawStat(e.attrs, ownerOf(e.longname));
        return { name: e.filename, type: stat.type, stat };
      });
    },

    async openFile(path): Promise<RawFile> {
      const { handle, size } = await openRegular(path);
      return {
        size,
        stream: (start, end) => sftp.createReadStream(path, { handle, start, end, autoClose: true }),
        close: () => close(handle),
      };
    },

    async createExclusive(path): Promise<RawWriter> {
      const handle = await openNew(path);
      let position = 0;
      return {
        async write(chunk) {
          const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          await call((cb) => sftp.write(handle, buffer, 0, buffer.length, position, cb));
          position += buffer.length;
        },
        async close() {
          try {
            if (supports(sftp, 'fsync@openssh.com')) await call((cb) => sftp.ext_openssh_fsync(handle, cb));
          } finally {
            await close(handle);
          }
        },
      };
    },

    async writeAt(path, offset, data) {
      const handle = await call<Buffer>((cb) => sftp.open(path, 'r+', cb));
      try {
        const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        // ssh2 splits a large write into packets itself
        await call((cb) => sftp.write(handle, buffer, 0, buffer.length, offset, cb));
        if (supports(sftp, 'fsync@openssh.com')) await call((cb) => sftp.ext_openssh_fsync(handle, cb));
      } finally {
        await close(handle).catch(() => undefined);
      }
    },

    async copyFile(from, to) {
      const source = await openRegular(from);
      try {
        const target = await openNew(to);
        try {
          await copyHandle(source.handle, target, source.size);
        } finally {
          await close(target);
        }
      } finally {
        await close(source.handle).catch(() => undefined);
      }
    },

    async renameNoReplace(from, to) {
      // plain SFTP rename never replaces (OpenSSH links then unlinks, or checks first for directories)
      try {
        await call((cb) => sftp.rename(from, to, cb));
      } catch (err) {
        if ((err as Errno).code === 'EFAILURE' && (await exists(to))) throw errno('EEXIST', 'the target exists', err);
        throw err;
      }
    },

    async renameReplace(from, to) {
      if (supports(sftp, 'posix-rename@openssh.com')) return call((cb) => sftp.ext_openssh_rename(from, to, cb));
      // without posix-rename there is no atomic replace in SFTP v3: unlink, then rename
      if (await exists(to)) await call((cb) => sftp.unlink(to, cb));
      return call((cb) => sftp.rename(from, to, cb));
    },

    mkdir: (path) => call((cb) => sftp.mkdir(path, cb)),
    rmdir: (path) => call((cb) => sftp.rmdir(path, cb)),
    unlink: (path) => call((cb) => sftp.unlink(path, cb)),
    symlink: (target, path) => call((cb) => sftp.symlink(target, path, cb)),
  };
}
