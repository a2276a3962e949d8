import type { Readable } from 'node:stream';
import type { FileType } from '../interface';

/**
 * What an implementation provides to the shared core: plain operations on absolute paths, run as
 * the account. The core has already confined every path it passes (core/resolve.ts), so a RawFs
 * never sees user input. Errors carry an errno-style string `code` (ENOENT, EACCES, EEXIST, …) that
 * core/errors.ts turns into contract codes.
 */
export interface RawStat {
  type: FileType;
  size: number;
  mtimeMs: number;
  /** Permission bits only. */
  mode: number;
  owner?: string;
}

/** A directory entry; `stat` is there when the listing call returns it for free (SFTP does). */
export interface RawDirent {
  name: string;
  type: FileType | 'unknown';
  stat?: RawStat;
}

/** An open regular file: its size first, so a byte range can be checked before any data moves. */
export interface RawFile {
  size: number;
  /** Inclusive positions; the stream owns the handle from here on and closes it when it ends. */
  stream(start: number, end: number, options?: { highWaterMark?: number }): Readable;
  /** Only for a file whose stream was never taken. */
  close(): Promise<void>;
}

export interface RawWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Flushes to stable storage where the platform lets us, then closes. */
  close(): Promise<void>;
}

export interface RawFs {
  /** Every symbolic link resolved. */
  realpath(path: string): Promise<string>;
  lstat(path: string): Promise<RawStat>;
  readlink(path: string): Promise<string>;
  readdir(path: string): Promise<RawDirent[]>;
  /** A regular file for reading (EISDIR / ENOTFILE otherwise); a final symbolic link is not followed where the platform allows. */
  openFile(path: string): Promise<RawFile>;
  /** A new file that did not exist (EEXIST otherwise), never through a symbolic link. */
  createExclusive(path: string): Promise<RawWriter>;
  /** Writes `data` at byte `offset` of an existing regular file (never through a link), durably. */
  writeAt(path: string, offset: number, data: Uint8Array): Promise<void>;
  /** Copies a regular file to a new name that must not exist. */
  copyFile(from: string, to: string): Promise<void>;
  /** EEXIST when `to` exists, decided atomically where the platform allows. */
  renameNoReplace(from: string, to: string): Promise<void>;
  /** Replaces `to` atomically. */
  renameReplace(from: string, to: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  rmdir(path: string): Promise<void>;
  unlink(path: string): Promise<void>;
  symlink(target: string, path: string): Promise<void>;
}

/** One account's view: its RawFs, its home as shown to users and as resolved on disk. */
export interface FsSession {
  fs: RawFs;
  home: string;
  homeReal: string;
  /** Hands pooled resources back; called once, when the call (or its stream) is over. */
  release(): void;
}

export type OpenSession = (account: string) => Promise<FsSession>;
