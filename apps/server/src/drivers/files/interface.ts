import type { Hash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';

/**
 * The file driver contract (ARCHITECTURE §1): every call acts as the caller's bound system account,
 * inside that account's home and nowhere else. Two implementations: `local` (homes under the data
 * directory, the embedded default) and `ssh` (SFTP to the cluster's login node as the account).
 *
 * Paths are what a user typed: relative to the home (`.` is the home itself) or absolute under
 * `homePath()`. Both drivers run them through `paths.ts` first and then resolve every symbolic link
 * on the way, refusing any that leads out of the home.
 */

/** Who a call acts as: the bound system account, never a shared super-user. */
export interface FileIdentity {
  readonly account: string;
}

export type FileType = 'file' | 'dir' | 'symlink' | 'other';

export interface FileEntry {
  /** The entry's own name (`''` for the home itself). */
  name: string;
  type: FileType;
  /** Bytes (for a symbolic link: the length of its target text). */
  size: number;
  /** Last modification, milliseconds since the epoch. */
  mtime: number;
  /** Permission bits (`mode & 0o7777`). */
  mode: number;
  /** Owner's user name where the driver learns it cheaply (ssh listings); absent otherwise. */
  owner?: string;
}

export const listSortKeys = ['name', 'size', 'mtime'] as const;
export type ListSortKey = (typeof listSortKeys)[number];
export const maxListLimit = 1000;

export interface ListOptions {
  /** Entries to skip (default 0). */
  offset?: number;
  /** Page size, 1..1000 (default 100). */
  limit?: number;
  /** Default `name`: natural order, case-insensitive, digits as numbers. */
  sort?: ListSortKey;
  order?: 'asc' | 'desc';
  /** Case-insensitive substring of the name. */
  filter?: string;
  /** Directories before everything else (default true), within the chosen order. */
  dirsFirst?: boolean;
}

/** One page of a directory; `total` counts every entry that passed the filter. */
export interface DirPage {
  entries: FileEntry[];
  total: number;
  offset: number;
}

/**
 * A directory read once, filtered and sorted, to cut pages from later (the storage module's listing
 * cache). `page` re-resolves the directory first and answers null when it is no longer the one that
 * was read (its real path or mtime changed, or it is gone): the caller then reads it again.
 */
export interface DirSnapshot {
  total: number;
  /** The directory's mtime (ms), taken before it was read. */
  mtime: number;
  /** The entries at offset..offset+limit, stat-ed now; null when the snapshot is stale. */
  page(offset: number, limit: number): Promise<FileEntry[] | null>;
}

/** Inclusive byte positions, as in an HTTP Range header (`bytes=start-end`). */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface FileRead {
  stream: Readable;
  /** Size of the whole file. */
  size: number;
  /** The bytes the stream carries, inclusive (`end` is `start - 1` for an empty file). */
  start: number;
  end: number;
}

export interface WriteOptions {
  /** Refuse with 1409 when the target exists (checked before the body and again atomically at the end). */
  exclusive?: boolean;
  /** Expected SHA-256 (hex) of the whole body: a mismatch removes the temporary file, nothing appears. */
  sha256?: string;
}

export interface RemoveResult {
  /** Where the entry went, relative to the home (`.trash/<id>/<original path>`); null when deleted for good. */
  trashPath: string | null;
}

export interface FileDriver {
  readonly kind: 'local' | 'ssh';
  /** The account's home as the user should see it (created on first use by `local`). */
  homePath(identity: FileIdentity): Promise<string>;
  /** One page of a directory, sorted and filtered on the server. 11502 missing, 1201 not readable. */
  listDir(identity: FileIdentity, dir: string, options?: ListOptions): Promise<DirPage>;
  /** The whole directory sorted and filtered as `listDir` would (offset and limit ignored), for paging later. */
  snapshotDir(identity: FileIdentity, dir: string, options?: ListOptions): Promise<DirSnapshot>;
  /** The entry at `path`, symbolic links followed (inside the home only). */
  stat(identity: FileIdentity, path: string): Promise<FileEntry>;
  /** A regular file's bytes, optionally a range. The stream holds the connection until it ends or is destroyed. */
  readStream(identity: FileIdentity, path: string, range?: ByteRange): Promise<FileRead>;
  /**
   * A stream writing to a temporary name beside the target; the file appears under its name (atomic
   * rename) only when the stream finishes, and the temporary file is removed when the stream errors
   * or is destroyed. Write it with `stream.promises.pipeline(source, writable)`; a stream obtained but
   * never used must be destroyed (it holds a temporary file and, over SSH, a pooled connection).
   * Refusals that need no body (bad path, 1409 for `exclusive`, 11502) reject here, before any data.
   */
  writeStream(identity: FileIdentity, path: string, options?: WriteOptions): Promise<Writable>;
  mkdir(identity: FileIdentity, path: string, options?: { parents?: boolean }): Promise<FileEntry>;
  /** Moves `from` (the entry itself, a symbolic link is not followed) to `to`; 1409 when `to` exists unless `overwrite`. */
  rename(identity: FileIdentity, from: string, to: string, options?: { overwrite?: boolean }): Promise<FileEntry>;
  /** Copies a file or a directory tree (symbolic links copied as links); the copy appears whole or not at all. */
  copy(identity: FileIdentity, from: string, to: string): Promise<FileEntry>;
  /** Moves the entry to `.trash` in the home (recoverable by `rename`); inside `.trash` or `permanent`: deletes. */
  remove(identity: FileIdentity, path: string, options?: { permanent?: boolean }): Promise<RemoveResult>;
  /**
   * Chunked uploads: a hidden part file beside `path` (same checks as `writeStream`: 1409 when taken
   * and `exclusive`), written at positions, then committed (size and SHA-256 checked, atomic rename)
   * or discarded. Returns the part's id, which later calls name with the same `path`.
   */
  createPart(identity: FileIdentity, path: string, options?: { exclusive?: boolean }): Promise<string>;
  writePart(identity: FileIdentity, path: string, partId: string, offset: number, data: Uint8Array): Promise<void>;
  /** Refusals (size, checksum, 1409) remove the part; the returned sha256 is the file's. */
  commitPart(
    identity: FileIdentity,
    path: string,
    partId: string,
    options: {
      size: number;
      sha256?: string;
      exclusive: boolean;
      /** The part's first `bytes` already fed into `hash` (hashPart): only the rest is read. */
      hashed?: { bytes: number; hash: Hash } | undefined;
    },
  ): Promise<{ entry: FileEntry; sha256: string }>;
  /** Feeds the part's bytes [start, end) into `hash` (an upload's running whole-file SHA-256, kept by the caller). */
  hashPart(identity: FileIdentity, path: string, partId: string, start: number, end: number, hash: Hash): Promise<void>;
  /**
   * Removes the part; a part already gone is fine. `later`: the file server went away meanwhile and the
   * driver removes it once the server answers again (core/leftovers.ts); 1502 when the server could not
   * be reached to find the part at all.
   */
  discardPart(identity: FileIdentity, path: string, partId: string): Promise<'removed' | 'later'>;
  /** Hex SHA-256 of a regular file. */
  sha256(identity: FileIdentity, path: string): Promise<string>;
  /** Closes pooled connections; the driver is unusable afterwards. */
  close(): Promise<void>;
}
