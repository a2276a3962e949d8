import { posix } from 'node:path';
import type { FileDriver, FileIdentity } from './interface';
import { maxListLimit } from './interface';

/** Entries one measurement visits at most (each costs a stat locally, nothing extra over SFTP). */
export const maxWalkEntries = 200_000;

/**
 * Bytes under a path (or the whole root), walked through the driver itself, so the same confinement and
 * the same account apply: locally a directory walk, over SSH an SFTP walk (names arrive with their sizes).
 * We do not run `du` over an exec channel: the service key may be restricted to sftp-server, and no
 * command line has to be built from a user's path. Symbolic links count their own size, not their target's.
 */
export async function measureUsage(driver: FileDriver, identity: FileIdentity, path = '.', maxEntries = maxWalkEntries): Promise<{ bytes: number; truncated: boolean }> {
  let bytes = 0;
  let seen = 0;
  const top = await driver.stat(identity, path);
  if (top.type !== 'dir') return { bytes: top.size, truncated: false };
  const pending = [path];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    for (let offset = 0; ; offset += maxListLimit) {
      const page = await driver.listDir(identity, dir, { offset, limit: maxListLimit, dirsFirst: false });
      for (const entry of page.entries) {
        if (++seen > maxEntries) return { bytes, truncated: true };
        if (entry.type === 'dir') pending.push(posix.join(dir, entry.name));
        else bytes += entry.size;
      }
      if (offset + maxListLimit >= page.total) break;
    }
  }
  return { bytes, truncated: false };
}

