import { posix } from 'node:path';
import { tempPrefix } from '../paths';
import type { RawFs } from './raw-fs';

/**
 * Whole-tree work on already-confined real paths. Symbolic links inside a tree are never followed:
 * a copy recreates them as links (as `cp -a` does), a removal unlinks them, so a link pointing out of
 * the home cannot pull outside data in or get outside data deleted.
 */

/** Copies the tree at `from` into the new directory `to` (created here). */
export async function copyTree(fs: RawFs, from: string, to: string): Promise<void> {
  await fs.mkdir(to);
  for (const entry of await fs.readdir(from)) {
    if (entry.name.startsWith(tempPrefix)) continue; // someone else's upload in progress
    const source = posix.join(from, entry.name);
    const target = posix.join(to, entry.name);
    const type = entry.type === 'unknown' ? (await fs.lstat(source)).type : entry.type;
    if (type === 'dir') await copyTree(fs, source, target);
    else if (type === 'file') await fs.copyFile(source, target);
    else if (type === 'symlink') await fs.symlink(await fs.readlink(source), target);
    // sockets, fifos and devices are not data: skipped
  }
}

/** Deletes `path` and, if it is a directory, everything under it. */
export async function removeTree(fs: RawFs, path: string): Promise<void> {
  const stat = await fs.lstat(path);
  if (stat.type !== 'dir') {
    await fs.unlink(path);
    return;
  }
  for (const entry of await fs.readdir(path)) await removeTree(fs, posix.join(path, entry.name));
  await fs.rmdir(path);
}
