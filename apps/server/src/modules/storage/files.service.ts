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
import { FileError } from '../../drivers/files/file-error';
import type { ByteRange, FileDriver, FileIdentity } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { checkUtf8, previewContentType, sniffLength } from './preview';
import type { IdentityOf } from './storage-account';
import { walkForTar, tarStream } from './tar-download';

export interface StorageSettings {
  uploadMaxBytes: number | null;
  uploadSessionTtlS: number;
  tarMaxBytes: number;
}

export const tooLarge = (limit: number): AppError =>
  new AppError(Code.invalidInput, `the upload is larger than the limit of ${limit} bytes`, {
    fields: [{ path: 'body', message: `larger than ${limit} bytes` }],
  });

const baseName = (path: string): string => posix.basename(path) || 'home';

/** Counts bytes through; over `limit` it fails, which makes the write discard its temporary file. */
function limitBytes(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge(limit) : null, chunk);
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

/** The file manager's calls, each as the caller's bound account through the file driver. */
export function createFilesService({ driver, identityOf, settings }: { driver: FileDriver; identityOf: IdentityOf; settings: StorageSettings }) {
  const as = identityOf;
  return {
    async home(actor: Actor): Promise<UserStoragePath> {
      const identity = await as(actor);
      return { path: await driver.homePath(identity), account: identity.account, driver: driver.kind, upload_max_bytes: settings.uploadMaxBytes };
    },

    async list(actor: Actor, query: DirInfoParams): Promise<DirInfo> {
      const page = await driver.listDir(await as(actor), query.dir, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
        sort: query.sort,
        order: query.order,
        ...(query.filter ? { filter: query.filter } : {}),
      });
      return { dir: query.dir, list: page.entries, total: page.total, page: query.page, page_size: query.page_size };
    },

    async state(actor: Actor, file: string): Promise<FileState> {
      const identity = await as(actor);
      try {
        return { file, exists: true, entry: await driver.stat(identity, file) };
      } catch (err) {
        if (err instanceof FileError && (err.code === Code.notFound || err.code === Code.dirMissing)) return { file, exists: false, entry: null };
        throw err;
      }
    },

    mkdir: async (actor: Actor, input: MkdirParams): Promise<FileEntry> =>
      driver.mkdir(await as(actor), input.path, { parents: input.parents }),
    rename: async (actor: Actor, input: RenameParams): Promise<FileEntry> =>
      driver.rename(await as(actor), input.from, input.to, { overwrite: input.overwrite }),
    copy: async (actor: Actor, input: CopyInput): Promise<FileEntry> => driver.copy(await as(actor), input.from, input.to),
    async remove(actor: Actor, path: string, permanent: boolean): Promise<{ trash_path: string | null }> {
      const { trashPath } = await driver.remove(await as(actor), path, { permanent });
      return { trash_path: trashPath };
    },

    /** PUT /storage/upload: the body streamed to a temporary name, renamed only when whole (and checked). */
    async upload(actor: Actor, query: UploadParams, body: Readable, length: number | null): Promise<FileEntry> {
      const limit = settings.uploadMaxBytes;
      if (limit !== null && length !== null && length > limit) throw tooLarge(limit);
      const identity = await as(actor);
      const writable = await driver.writeStream(identity, query.path, {
        exclusive: !query.overwrite,
        ...(query.sha256 ? { sha256: query.sha256 } : {}),
      });
      if (limit === null) await pipeline(body, writable);
      else await pipeline(body, limitBytes(limit), writable);
      return driver.stat(identity, query.path);
    },

    /** A file (optionally a byte range) or a directory as a streamed tar, refused above the size cap. */
    async download(actor: Actor, path: string, range: ByteRange | undefined): Promise<Download> {
      const identity = await as(actor);
      const entry = await driver.stat(identity, path);
      if (entry.type === 'dir') {
        const plan = await walkForTar(driver, identity, path, settings.tarMaxBytes);
        return { kind: 'tar', name: `${baseName(path)}.tar`, stream: tarStream(driver, identity, path, plan) };
      }
      const read = await driver.readStream(identity, path, range);
      return { kind: 'file', name: baseName(path), ...read, partial: range !== undefined };
    },

    /** GET /storage/view: text (UTF-8), PNG/JPEG/GIF/WebP by magic bytes, or PDF, up to the preview limit. */
    async preview(actor: Actor, type: keyof typeof previewMaxBytes, path: string): Promise<{ name: string; contentType: string; body: Readable | Buffer; size: number }> {
      const identity: FileIdentity = await as(actor);
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
