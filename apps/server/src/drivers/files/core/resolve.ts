import { posix } from 'node:path';
import { Code } from '@starlight/contract/codes';
import { FileError, symlinkEscape } from '../file-error';
import { isWithin } from '../paths';
import { errnoOf, mapped, toFileError } from './errors';
import type { RawFs, RawStat } from './raw-fs';

/**
 * Confinement against the real tree: every symbolic link on a path is resolved and the result must
 * stay inside the home's real path. Intermediate directories go through `realpath`; the final
 * component is followed by hand, one link at a time, so a dangling link pointing out is refused
 * (1403) rather than reported missing, and a new name under a link pointing out is refused before
 * anything is created. Implementations close the remaining check-then-use window where they can
 * (local: O_NOFOLLOW and a look at the opened descriptor).
 */

export interface Target {
  /** Absolute real path (the final component may not exist). */
  path: string;
  /** lstat of `path`; undefined when it does not exist. */
  stat: RawStat | undefined;
}

const maxLinkHops = 40; // Linux's own limit

export async function lstatOrMissing(fs: RawFs, path: string): Promise<RawStat | undefined> {
  try {
    return await fs.lstat(path);
  } catch (err) {
    const code = errnoOf(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** Real path of an existing directory inside the home: 11502 when it is missing or not a directory. */
export async function resolveDir(fs: RawFs, homeReal: string, segments: readonly string[]): Promise<string> {
  if (segments.length === 0) return homeReal;
  let real: string;
  try {
    real = await fs.realpath(posix.join(homeReal, ...segments));
  } catch (err) {
    throw (await linkOutOnTheWay(fs, homeReal, segments)) ? symlinkEscape() : toFileError(err, 'parent');
  }
  if (!isWithin(homeReal, real)) throw symlinkEscape();
  const stat = await mapped(fs.lstat(real), 'parent');
  if (stat.type !== 'dir') throw new FileError(Code.dirMissing, 'a parent on the path is not a directory', 'not-a-dir');
  return real;
}

/** The entry itself, a final symbolic link not followed (for rename, remove, mkdir and copy targets). */
export async function resolveEntry(fs: RawFs, homeReal: string, segments: readonly string[]): Promise<Target> {
  if (segments.length === 0) return { path: homeReal, stat: await mapped(fs.lstat(homeReal)) };
  const parent = await resolveDir(fs, homeReal, segments.slice(0, -1));
  const path = posix.join(parent, segments[segments.length - 1] as string);
  return { path, stat: await mapped(lstatOrMissing(fs, path)) };
}

/** What the path names once every link is followed (for reads, listings and writes). */
export async function resolveFollow(fs: RawFs, homeReal: string, segments: readonly string[]): Promise<Target> {
  let target = await resolveEntry(fs, homeReal, segments);
  for (let hop = 0; hop < maxLinkHops; hop++) {
    if (target.stat?.type !== 'symlink') return target;
    const link = await mapped(fs.readlink(target.path));
    const absolute = posix.resolve(posix.dirname(target.path), link);
    target = await followOne(fs, homeReal, absolute);
  }
  throw new FileError(Code.invalidInput, 'too many levels of symbolic links', 'symlink-loop');
}

async function followOne(fs: RawFs, homeReal: string, absolute: string): Promise<Target> {
  const dir = posix.dirname(absolute);
  let dirReal: string;
  try {
    dirReal = await fs.realpath(dir);
  } catch (err) {
    // nothing to follow (a dangling link, or the cluster would not let the account look): judge the text
    if (!isWithin(homeReal, absolute)) throw symlinkEscape();
    const code = errnoOf(err);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw toFileError(err);
    return { path: absolute, stat: undefined };
  }
  // judged on the full path, not its directory: a link to the home itself has its parent outside
  const base = posix.basename(absolute);
  const path = base === '' ? dirReal : posix.join(dirReal, base);
  if (!isWithin(homeReal, path)) throw symlinkEscape();
  return { path, stat: await mapped(lstatOrMissing(fs, path)) };
}

/**
 * Why did realpath fail? When the account may not look where a link leads (bob's home, mode 700)
 * the server says EACCES, which is true but hides what happened. Walking the components with lstat
 * and readlink, which the account may do on its own links, tells whether a link on the way points
 * out of the home; then the answer is ours (1403 symlink-escape), not the cluster's.
 */
async function linkOutOnTheWay(fs: RawFs, homeReal: string, segments: readonly string[]): Promise<boolean> {
  let current = homeReal;
  try {
    for (const segment of segments) {
      const path = posix.join(current, segment);
      const stat = await lstatOrMissing(fs, path);
      if (!stat) return false;
      if (stat.type !== 'symlink') {
        current = path;
        continue;
      }
      const target = posix.resolve(current, await fs.readlink(path));
      if (!isWithin(homeReal, target)) return true;
      current = target;
    }
  } catch {
    // the diagnosis is best effort: the original error stands
  }
  return false;
}
