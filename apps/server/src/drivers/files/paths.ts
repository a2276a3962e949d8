import { invalidPath, outsideHome } from './file-error';

/**
 * Pure checks on what a user typed, run by both drivers before anything touches a disk. They decide
 * only what is knowable from the string; symbolic links are resolved later, against the real tree.
 *
 * Rules (ARCHITECTURE §1, the files issue):
 * - 1400: not a string, empty, NUL or any control character (C0, DEL, C1, U+2028/2029: names with
 *   newlines are refused), a backslash (never a separator here, but one on the user's Windows and
 *   in many tools, so `..\..\x` is refused rather than stored as a strange name), ill-formed UTF-16,
 *   a segment over 255 bytes or a path over 4096 bytes, our temporary-file prefix.
 * - 1403: `..` climbing above the home, an absolute path not under the home.
 * - Nothing is URL-decoded: `%2e%2e` is a legal file name and stays one (the HTTP layer decodes once).
 * - `..` is resolved lexically (`a/../b` is `b`) before any link is followed, so it can never climb
 *   out through a symbolic link; `.` and empty segments are dropped.
 */

export const maxSegmentBytes = 255;
export const maxPathBytes = 4096;
/** Temporary names of writes in progress: hidden from listings, refused as user input. */
export const tempPrefix = '.starlight-part-';
export const trashDir = '.trash';
/**
 * A write streamed to a temporary name (upload, copy) is `.starlight-part-` and 16 hex digits; the parts
 * of chunked upload sessions have 32 (their sessions, in the database, own and expire them). A streamed
 * write keeps its file's mtime fresh while bytes arrive, so one untouched for `orphanTempAgeMs` belongs
 * to a writer that died with its process (a killed server): listings remove it (core/list-dir.ts).
 */
export const streamTempPattern = /^\.starlight-part-[0-9a-f]{16}$/;
export const orphanTempAgeMs = 60 * 60 * 1000;

// C0 controls, DEL, C1 controls (incl. NEL), line and paragraph separators
const isControl = (c: number): boolean => c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
const hasControlChar = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i))) return true;
  return false;
};
const loneSurrogate = /\p{Surrogate}/u;
const accountPattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;

const utf8Bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A system account name safe to put in a path or an SSH user name. */
export function checkAccount(account: unknown): string {
  if (typeof account !== 'string' || !accountPattern.test(account))
    throw invalidPath('invalid-account', 'the bound system account name is not valid');
  return account;
}

function checkSyntax(input: unknown): string {
  if (typeof input !== 'string') throw invalidPath('malformed', 'the path must be a string');
  if (input.length === 0) throw invalidPath('empty', 'the path is empty');
  if (input.includes('\u0000')) throw invalidPath('nul-byte', 'the path contains a NUL byte');
  if (hasControlChar(input)) throw invalidPath('control-char', 'the path contains a control character or a line break');
  if (loneSurrogate.test(input)) throw invalidPath('malformed', 'the path is not valid Unicode');
  if (input.includes('\\')) throw invalidPath('backslash', 'the path contains a backslash');
  if (utf8Bytes(input) > maxPathBytes) throw invalidPath('too-long', `the path is longer than ${maxPathBytes} bytes`);
  return input;
}

/**
 * Lexical resolution of `.`, `..` and empty segments; `null` when `..` climbs above the start,
 * unless `atRoot` (at `/` the kernel keeps `..` at `/`).
 */
function collapse(segments: readonly string[], atRoot = false): string[] | null {
  const out: string[] = [];
  for (const s of segments) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (out.length === 0) {
        if (atRoot) continue;
        return null;
      }
      out.pop();
      continue;
    }
    out.push(s);
  }
  return out;
}

/** A checked user path: syntax fine, `.`/`..` collapsed, not yet placed under a home. */
export interface UserPath {
  absolute: boolean;
  segments: string[];
}

/** Every check that needs no home: run before a driver opens anything (or any connection). */
export function parseUserPath(input: unknown): UserPath {
  const path = checkSyntax(input);
  const raw = path.split('/');
  for (const s of raw) {
    if (utf8Bytes(s) > maxSegmentBytes) throw invalidPath('too-long', `a name is longer than ${maxSegmentBytes} bytes`);
  }
  const absolute = path.startsWith('/');
  const segments = collapse(raw, absolute);
  if (segments === null) throw outsideHome('the path climbs above your home directory');
  if (segments.some((s) => s.startsWith(tempPrefix)))
    throw invalidPath('reserved-name', `names starting with ${tempPrefix} are reserved for uploads in progress`);
  return { absolute, segments };
}

/**
 * The home-relative segments (`[]` is the home itself). `home` is the absolute home as `homePath()`
 * shows it; an absolute path must lie under it.
 */
export function underHome(path: UserPath, home: string): string[] {
  if (!path.absolute) return path.segments;
  const homeSegments = collapse(home.split('/'), true) ?? [];
  if (!homeSegments.every((s, i) => path.segments[i] === s)) throw outsideHome();
  return path.segments.slice(homeSegments.length);
}

export const toHomeSegments = (input: unknown, home: string): string[] => underHome(parseUserPath(input), home);

/** The home-relative form of segments, as the drivers report paths back (`.` for the home). */
export const joinSegments = (segments: readonly string[]): string => (segments.length === 0 ? '.' : segments.join('/'));

/** True when `path` is `root` or lies below it (both absolute and normalised). */
export function isWithin(root: string, path: string): boolean {
  if (root === '/') return path.startsWith('/');
  return path === root || path.startsWith(`${root}/`);
}

export const isInTrash = (segments: readonly string[]): boolean => segments[0] === trashDir;
