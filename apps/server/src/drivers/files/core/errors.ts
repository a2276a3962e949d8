import { Code } from '@starlight/contract/codes';
import { FileError } from '../file-error';

/**
 * Where an error happened decides what it means: ENOENT on a listing is 11502 (directory missing),
 * on the parent of a new entry also 11502, on the target itself 1404; EACCES on a listing is 1201.
 */
export type ErrorContext = 'list' | 'parent' | 'target';

export const errnoOf = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
    ? (err as { code: string }).code
    : undefined;

const upstreamCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTCONN']);

export function toFileError(err: unknown, context: ErrorContext = 'target'): FileError {
  if (err instanceof FileError) return err;
  const code = errnoOf(err);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      if (context === 'target') return new FileError(Code.notFound, 'no such file or directory', 'not-found');
      return new FileError(Code.dirMissing, 'the directory does not exist', code === 'ENOTDIR' ? 'not-a-dir' : 'dir-missing');
    case 'EACCES':
    case 'EPERM':
      if (context === 'list') return new FileError(Code.dirUnreadable, 'the directory is not readable', 'dir-unreadable');
      return new FileError(Code.forbidden, 'permission denied', 'permission');
    case 'EEXIST':
      return new FileError(Code.conflict, 'the target already exists', 'exists');
    case 'ENOTEMPTY':
      return new FileError(Code.conflict, 'the directory is not empty', 'not-empty');
    case 'EISDIR':
      return new FileError(Code.invalidInput, 'the path is a directory', 'is-a-dir');
    case 'ENOTFILE':
      return new FileError(Code.invalidInput, 'the path is not a regular file', 'not-a-file');
    case 'ELOOP':
      return new FileError(Code.forbidden, 'a symbolic link appeared where none is allowed', 'symlink-escape');
    case 'ENAMETOOLONG':
      return new FileError(Code.invalidInput, 'the path is too long', 'too-long');
    case 'EINVAL':
      return new FileError(Code.invalidInput, 'the operation is not valid for this path', 'malformed');
    case 'EXDEV':
      return new FileError(Code.conflict, 'source and target are on different file systems', 'cross-device');
    case 'ENOSPC':
    case 'EDQUOT':
      return new FileError(Code.conflict, 'no space left (disk full or quota exceeded)', 'no-space');
    default: {
      const unreachable = code !== undefined && upstreamCodes.has(code);
      const e = unreachable
        ? new FileError(Code.upstreamDown, 'the file server is unreachable', 'unavailable')
        : new FileError(Code.internal, 'the file operation failed', 'io');
      // the envelope shows only `info`; the log line gets the original through `cause`
      e.cause = err;
      return e;
    }
  }
}

/** `promise`, with its rejection turned into a FileError for `context`. */
export async function mapped<T>(promise: Promise<T>, context: ErrorContext = 'target'): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    throw toFileError(err, context);
  }
}
