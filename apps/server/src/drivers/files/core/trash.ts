import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import { Code } from '@starlight/contract/codes';
import { FileError } from '../file-error';
import { trashDir } from '../paths';
import { mapped, toFileError } from './errors';
import type { FsSession } from './raw-fs';
import { resolveFollow } from './resolve';
import { removeTree } from './tree';

/**
 * Removal is a move into `.trash` inside the same home: same file system (so a rename, instant and
 * atomic), the account's own quota and permissions, and the user can look and take things back
 * with an ordinary rename. Emptying is removing inside `.trash`.
 */

/** `.trash/<time>-<random>/<original path>`: unique, and it says where the entry came from. */
export async function moveToTrash(s: FsSession, segments: readonly string[], path: string): Promise<string> {
  const trash = await resolveFollow(s.fs, s.homeReal, [trashDir]);
  if (!trash.stat) await mapped(s.fs.mkdir(trash.path));
  else if (trash.stat.type !== 'dir') throw new FileError(Code.conflict, `${trashDir} in your home is not a directory`, 'not-a-dir');
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const root = posix.join(trash.path, id);
  await mapped(s.fs.mkdir(root)); // fails rather than reuse an existing entry, so the cleanup below is ours alone
  let dir = root;
  try {
    for (const segment of segments.slice(0, -1)) {
      dir = posix.join(dir, segment);
      await s.fs.mkdir(dir);
    }
    await s.fs.renameNoReplace(path, posix.join(dir, segments[segments.length - 1] as string));
  } catch (err) {
    await removeTree(s.fs, root).catch(() => undefined);
    throw toFileError(err);
  }
  return [trashDir, id, ...segments].join('/');
}
