import { posix } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Code } from '@starlight/contract/codes';
import {
  previewMaxBytes,
  type CopyInput,
  type DirInfo,
  type DirInfoParams,
  type FileEntry,
  type FileState,
  type MkdirParams,
  type RenameParams,
  type UploadParams,
  type UserStoragePath,
} from '@starlight/contract/storage';
import { quotaExceededReason } from '@starlight/contract/cluster-storage';
import { FileError } from '../../drivers/files/file-error';
import { measureUsage } from '../../drivers/files/usage';
import type { ByteRange } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { checkUtf8, previewContentType, sniffLength } from './preview';
import { noGuard } from './storage-target';
import type { ResolveStorageAt, StorageTarget } from './storage-target';
import { walkForTar, tarStream } from './tar-download';

export interface StorageSettings {
  uploadMaxBytes: number | null;
  uploadSessionTtlS: number;
  /** Upload bodies one user may send at once (upload-slots.ts). */
  uploadMaxConcurrentPerUser: number;
  tarMaxBytes: number;
}

export const tooLarge = (limit: number): AppError =>
  new AppError(Code.invalidInput, `the upload is larger than the limit of ${limit} bytes`, {
    fields: [{ path: 'body', message: `larger than ${limit} bytes` }],
  });

const baseName = (path: string): string => posix.basename(path) || 'home';

export const overQuota = (left: number): AppError =>
  new AppError(Code.conflict, `the upload would exceed the storage quota (${left} bytes left)`, { reason: quotaExceededReason, remaining_bytes: left });

/** Counts bytes through; over `limit` it fails, which makes the write discard its temporary file. */
function limitBytes(limit: number, quota = false): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? (quota ? overQuota(limit) : tooLarge(limit)) : null, chunk);
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type Download =
  | { kind: 'file'; name: string; stream: Readable; size: number; start: number; end: number; partial: boolean }
  | { kind: 'tar'; name: string; stream: Readable };

/**
 * The file manager's calls, each as the caller's bound account on the storage the call names (query
 * `cluster`, `storage`; the default storage otherwise). Writes that add bytes ask the storage's quota
 * guard first, so a refusal comes before any byte is written.
 */
export function createFilesService({ at, settings }: { at: ResolveStorageAt; settings: StorageSettings }) {
  return {
    async home(actor: Actor, target: StorageTarget = {}): Promise<UserStoragePath> {
      const { driver, identity } = await at(actor, target);
      return { path: await driver.homePath(identity), account: identity.account, driver: driver.kind, upload_max_bytes: settings.uploadMaxBytes };
    },

    async list(actor: Actor, query: DirInfoParams, target: StorageTarget = {}): Promise<DirInfo> {
      const { driver, identity } = await at(actor, target);
      const page = await driver.listDir(identity, query.dir, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
        sort: query.sort,
        order: query.order,
        ...(query.filter ? { filter: query.filter } : {}),
      });
      return { dir: query.dir, list: page.entries, total: page.total, page: query.page, page_size: query.page_size };
    },

    async state(actor: Actor, file: string, target: StorageTarget = {}): Promise<FileState> {
      const { driver, identity } = await at(actor, target);
      try {
        return { file, exists: true, entry: await driver.stat(identity, file) };
      } catch (err) {
        if (err instanceof FileError && (err.code === Code.notFound || err.code === Code.dirMissing)) return { file, exists: false, entry: null };
        throw err;
      }
    },

    /** A directory adds (almost) nothing, but a storage over its quota or expired takes no new entries. */
    async mkdir(actor: Actor, input: MkdirParams, target: StorageTarget = {}): Promise<FileEntry> {
      const { driver, identity, guard } = await at(actor, target);
      await guard.reserve(0);
      const entry = await driver.mkdir(identity, input.path, { parents: input.parents });
      guard.changed();
      return entry;
    },
    async rename(actor: Actor, input: RenameParams, target: StorageTarget = {}): Promise<FileEntry> {
      const { driver, identity, guard } = await at(actor, target);
      const entry = await driver.rename(identity, input.from, input.to, { overwrite: input.overwrite });
      if (input.overwrite) guard.changed();
      return entry;
    },
    /** The copy's size is known before it starts: refused up front when it would pass a quota. */
    async copy(actor: Actor, input: CopyInput, target: StorageTarget = {}): Promise<FileEntry> {
      const { driver, identity, guard } = await at(actor, target);
      if (guard !== noGuard) await guard.reserve((await measureUsage(driver, identity, input.from)).bytes);
      const entry = await driver.copy(identity, input.from, input.to);
      guard.changed();
      return entry;
    },
    async remove(actor: Actor, path: string, permanent: boolean, target: StorageTarget = {}): Promise<{ trash_path: string | null }> {
      const { driver, identity, guard } = await at(actor, target);
      const { trashPath } = await driver.remove(identity, path, { permanent });
      guard.changed();
      return { trash_path: trashPath };
    },

    /** PUT /storage/upload: the body streamed to a temporary name, renamed only when whole (and checked). */
    async upload(actor: Actor, query: UploadParams, body: Readable, length: number | null, target: StorageTarget = {}): Promise<FileEntry> {
      const limit = settings.uploadMaxBytes;
      if (limit !== null && length !== null && length > limit) throw tooLarge(limit);
      const { driver, identity, guard } = await at(actor, target);
      // quota: a known length is judged before the write starts; an unknown one is cut at what is left
      let allowance: number | null = null;
      if (guard !== noGuard) {
        const replaced = query.overwrite ? await driver.stat(identity, query.path).then((e) => (e.type === 'file' ? e.size : 0), () => 0) : 0;
        if (length !== null) await guard.reserve(Math.max(0, length - replaced));
        else {
          await guard.reserve(0);
          const left = await guard.remaining();
          allowance = left === null ? null : left + replaced;
        }
      }
      const writable = await driver.writeStream(identity, query.path, {
        exclusive: !query.overwrite,
        ...(query.sha256 ? { sha256: query.sha256 } : {}),
      });
      const cap = allowance === null ? limit : limit === null ? allowance : Math.min(limit, allowance);
      try {
        if (cap === null) await pipeline(body, writable);
        else await pipeline(body, limitBytes(cap, allowance !== null && cap === allowance), writable);
      } catch (err) {
        // the refusal is answered only once the temporary file is gone: nothing partial is left to see
        // (a source pipeline() refused outright never ends the writable, so it is destroyed here)
        if (!writable.destroyed) writable.destroy(err as Error);
        if (!writable.closed) await new Promise((resolve) => writable.once('close', resolve));
        throw err;
      } finally {
        guard.changed();
      }
      return driver.stat(identity, query.path);
    },

    /** A file (optionally a byte range) or a directory as a streamed tar, refused above the size cap. */
    async download(actor: Actor, path: string, range: ByteRange | undefined, target: StorageTarget = {}): Promise<Download> {
      const { driver, identity } = await at(actor, target);
      const entry = await driver.stat(identity, path);
      if (entry.type === 'dir') {
        const plan = await walkForTar(driver, identity, path, settings.tarMaxBytes);
        return { kind: 'tar', name: `${baseName(path)}.tar`, stream: tarStream(driver, identity, path, plan) };
      }
      const read = await driver.readStream(identity, path, range);
      return { kind: 'file', name: baseName(path), ...read, partial: range !== undefined };
    },

    /** GET /storage/view: text (UTF-8), PNG/JPEG/GIF/WebP by magic bytes, or PDF, up to the preview limit. */
    async preview(
      actor: Actor,
      type: keyof typeof previewMaxBytes,
      path: string,
      target: StorageTarget = {},
    ): Promise<{ name: string; contentType: string; body: Readable | Buffer; size: number }> {
      const { driver, identity } = await at(actor, target);
      const entry = await driver.stat(identity, path);
      if (entry.type !== 'file') throw new AppError(Code.invalidInput, 'only a regular file can be previewed');
      if (entry.size > previewMaxBytes[type])
        throw new AppError(Code.invalidInput, `too large to preview (over ${previewMaxBytes[type]} bytes): download it instead`);
      const name = baseName(path);
      if (type === 'text') {
        const bytes = entry.size === 0 ? Buffer.alloc(0) : await readAll((await driver.readStream(identity, path)).stream);
        checkUtf8(bytes);
        return { name, contentType: previewContentType('text', bytes), body: bytes, size: bytes.length };
      }
      const head = entry.size === 0 ? Buffer.alloc(0) : await readAll((await driver.readStream(identity, path, { start: 0, end: sniffLength - 1 })).stream);
      const contentType = previewContentType(type, head);
      const read = await driver.readStream(identity, path);
      return { name, contentType, body: read.stream, size: read.size };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
