import { createHash, randomBytes, type Hash } from 'node:crypto';
import { posix } from 'node:path';
import { Code } from '@starlight/contract/codes';
import { exists, FileError, notFound } from '../file-error';
import type { FileEntry } from '../interface';
import { tempPrefix } from '../paths';
import { mapped, toFileError } from './errors';
import { toEntry } from './list-dir';
import type { FsSession } from './raw-fs';
import { resolveDir, resolveFollow } from './resolve';

/**
 * Files assembled from chunks (upload sessions): a hidden part file `.starlight-part-<id>` in the
 * target's directory, written at positions, then checked (size, SHA-256) and renamed to the target.
 * The id is ours (random hex), never user input; the directory is resolved and confined on every
 * call, so a part can only ever be where its target may be.
 */

const partIdPattern = /^[0-9a-f]{16,64}$/;

export const newPartId = (): string => randomBytes(16).toString('hex');

function checkPartId(partId: string): string {
  if (!partIdPattern.test(partId)) throw new FileError(Code.invalidInput, 'not a part id', 'invalid-option');
  return partId;
}

const homeItself = (): FileError =>
  new FileError(Code.forbidden, 'the home directory itself cannot be replaced', 'home');

/** The part's absolute path: beside the target, in its confined directory (11502 when that is gone). */
async function partPath(s: FsSession, segments: readonly string[], partId: string): Promise<string> {
  if (segments.length === 0) throw homeItself();
  const dir = await resolveDir(s.fs, s.homeReal, segments.slice(0, -1));
  return posix.join(dir, `${tempPrefix}${checkPartId(partId)}`);
}

/** Checks the target as a write would (not a directory; 1409 if taken and exclusive), then makes an empty part. */
export async function createPart(s: FsSession, segments: readonly string[], exclusive: boolean): Promise<string> {
  if (segments.length === 0) throw homeItself();
  const target = await resolveFollow(s.fs, s.homeReal, segments);
  if (target.stat?.type === 'dir') throw new FileError(Code.conflict, 'a directory has that name', 'is-a-dir');
  if (target.stat && target.stat.type !== 'file') throw new FileError(Code.conflict, 'the target is not a regular file', 'not-a-file');
  if (target.stat && exclusive) throw exists();
  const partId = newPartId();
  const writer = await mapped(s.fs.createExclusive(await partPath(s, segments, partId)), 'parent');
  await mapped(writer.close());
  return partId;
}

export async function writePart(s: FsSession, segments: readonly string[], partId: string, offset: number, data: Uint8Array): Promise<void> {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new FileError(Code.invalidInput, 'offset must be ≥ 0', 'range');
  const path = await partPath(s, segments, partId);
  await mapped(s.fs.writeAt(path, offset, data)).catch((err: unknown) => {
    throw err instanceof FileError && err.code === Code.notFound ? notFound('the upload is gone (expired or completed)') : err;
  });
}

/** Reads of a part to hash: large, so a multi-gigabyte file is not 64 KiB round trips (local; SFTP keeps its own). */
const hashReadBytes = 1024 * 1024;

/** Feeds [start, end) of an open file into `hash`. */
async function feed(s: FsSession, path: string, start: number, end: number, hash: Hash): Promise<number> {
  const file = await mapped(s.fs.openFile(path));
  if (end <= start || file.size <= start) {
    await file.close().catch(() => undefined);
    return file.size;
  }
  try {
    for await (const chunk of file.stream(start, Math.min(end, file.size) - 1, { highWaterMark: hashReadBytes })) hash.update(chunk as Buffer);
  } catch (err) {
    throw toFileError(err);
  }
  return file.size;
}

/** The part's size and SHA-256, continuing `from` (its first `bytes` already hashed) when given. */
async function sha256Of(s: FsSession, path: string, from?: { bytes: number; hash: Hash }): Promise<{ size: number; sha256: string }> {
  const hash = from?.hash ?? createHash('sha256');
  const size = await feed(s, path, from?.bytes ?? 0, Number.MAX_SAFE_INTEGER, hash);
  return { size, sha256: hash.digest('hex') };
}

export async function hashPart(s: FsSession, segments: readonly string[], partId: string, start: number, end: number, hash: Hash): Promise<void> {
  if (!Number.isSafeInteger(start) || start < 0 || !Number.isSafeInteger(end) || end < start) throw new FileError(Code.invalidInput, 'bad range', 'range');
  const path = await partPath(s, segments, partId);
  const size = await feed(s, path, start, end, hash).catch((err: unknown) => {
    throw err instanceof FileError && err.code === Code.notFound ? notFound('the upload is gone (expired or completed)') : err;
  });
  if (size < end) throw new FileError(Code.invalidInput, `the part holds ${size} bytes, short of ${end}`, 'range');
}

export interface CommitPartOptions {
  size: number;
  /** Expected whole-file SHA-256 (hex); the part's is computed either way and returned. */
  sha256?: string;
  exclusive: boolean;
  /** The first `bytes` of the part already fed into `hash` (hashPart, during the upload): only the rest is read now. */
  hashed?: { bytes: number; hash: Hash } | undefined;
}

/**
 * Size and checksum checked, then the rename that makes the file appear. Any refusal (wrong size,
 * wrong checksum, a target that appeared meanwhile under `exclusive`) removes the part: nothing
 * partial stays behind and the original target is untouched.
 */
export async function commitPart(
  s: FsSession,
  segments: readonly string[],
  partId: string,
  options: CommitPartOptions,
): Promise<{ entry: FileEntry; sha256: string }> {
  const path = await partPath(s, segments, partId);
  const discard = () => s.fs.unlink(path).catch(() => undefined);
  try {
    const actual = await sha256Of(s, path, options.hashed);
    if (actual.size !== options.size)
      throw new FileError(Code.invalidInput, `the upload holds ${actual.size} of ${options.size} bytes`, 'checksum');
    if (options.sha256 && actual.sha256 !== options.sha256.toLowerCase())
      throw new FileError(Code.invalidInput, 'the SHA-256 of the file does not match', 'checksum');
    const target = await resolveFollow(s.fs, s.homeReal, segments);
    if (target.stat?.type === 'dir') throw new FileError(Code.conflict, 'a directory has that name', 'is-a-dir');
    if (target.stat && options.exclusive) throw exists();
    await mapped(options.exclusive ? s.fs.renameNoReplace(path, target.path) : s.fs.renameReplace(path, target.path));
    const entry = toEntry(segments[segments.length - 1] as string, await mapped(s.fs.lstat(target.path)));
    return { entry, sha256: actual.sha256 };
  } catch (err) {
    if (!(err instanceof FileError && err.code === Code.notFound)) await discard();
    throw toFileError(err);
  }
}

export async function discardPart(
  s: FsSession,
  segments: readonly string[],
  partId: string,
  remove: (path: string, removeNow: () => Promise<void>) => Promise<'removed' | 'later'>,
): Promise<'removed' | 'later'> {
  const path = await partPath(s, segments, partId).catch((err: unknown) => {
    // its directory gone or refused: so is the part; an unreachable server is the caller's to retry
    if (err instanceof FileError && err.code === Code.upstreamDown) throw err;
    if (err instanceof FileError) return null;
    throw toFileError(err);
  });
  if (!path) return 'removed';
  return remove(path, () => s.fs.unlink(path)).catch((err: unknown) => {
    throw toFileError(err);
  });
}
