import { Code } from '@starlight/contract/codes';
import type { ByteRange } from '../../drivers/files/interface';
import { FileError } from '../../drivers/files/file-error';

/**
 * One `bytes=` range of an HTTP Range header. Several ranges, a suffix range (`bytes=-500`, which needs
 * the size first) or anything malformed: null, and the whole file is sent (RFC 9110 lets a server ignore Range).
 */
export function parseRange(header: string): ByteRange | null {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (!Number.isSafeInteger(start) || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) return null;
  return end === undefined ? { start } : { start, end };
}

/** The driver's answer to a range past the end of the file. */
export const unsatisfiable = (err: unknown): boolean => err instanceof FileError && err.code === Code.invalidInput && err.reason === 'range';
