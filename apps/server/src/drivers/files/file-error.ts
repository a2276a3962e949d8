import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';

/** Why a file call was refused: finer than the code, stable, safe to show (never a server path). */
export type FileErrorReason =
  | 'empty'
  | 'nul-byte'
  | 'control-char'
  | 'backslash'
  | 'malformed'
  | 'too-long'
  | 'reserved-name'
  | 'invalid-account'
  | 'invalid-option'
  | 'outside-home'
  | 'symlink-escape'
  | 'symlink-loop'
  | 'home'
  | 'permission'
  | 'not-found'
  | 'dir-missing'
  | 'not-a-dir'
  | 'is-a-dir'
  | 'not-a-file'
  | 'dir-unreadable'
  | 'exists'
  | 'not-empty'
  | 'into-itself'
  | 'cross-device'
  | 'no-space'
  | 'range'
  | 'checksum'
  | 'unavailable'
  | 'host-key-mismatch'
  | 'io';

export type FileErrorCode =
  | typeof Code.invalidInput
  | typeof Code.forbidden
  | typeof Code.notFound
  | typeof Code.conflict
  | typeof Code.dirMissing
  | typeof Code.dirUnreadable
  | typeof Code.upstreamDown
  | typeof Code.internal;

/**
 * A file-driver failure as a value. It is an AppError, so the error handler sends it as an envelope
 * as is; `reason` travels in `spec` so the web can say more than the code without parsing `info`.
 */
export class FileError extends AppError {
  constructor(
    override readonly code: FileErrorCode,
    info: string,
    readonly reason: FileErrorReason,
  ) {
    super(code, info, { reason });
    this.name = 'FileError';
  }
}

export const invalidPath = (reason: FileErrorReason, info: string): FileError =>
  new FileError(Code.invalidInput, info, reason);
export const outsideHome = (info = 'the path is outside your home directory'): FileError =>
  new FileError(Code.forbidden, info, 'outside-home');
export const symlinkEscape = (): FileError =>
  new FileError(Code.forbidden, 'a symbolic link on this path leads outside your home directory', 'symlink-escape');
export const notFound = (info = 'no such file or directory'): FileError =>
  new FileError(Code.notFound, info, 'not-found');
export const dirMissing = (info = 'the directory does not exist'): FileError =>
  new FileError(Code.dirMissing, info, 'dir-missing');
export const exists = (info = 'the target already exists'): FileError => new FileError(Code.conflict, info, 'exists');
