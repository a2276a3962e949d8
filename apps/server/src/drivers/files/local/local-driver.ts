import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { Code } from '@starlight/contract/codes';
import { createFileDriver } from '../core/driver-core';
import type { FsSession } from '../core/raw-fs';
import { FileError } from '../file-error';
import type { FileDriver } from '../interface';
import { isWithin } from '../paths';
import { ownHome, traversable } from '../../local-users/homes';
import type { LocalUsers } from '../../local-users/unix-users';
import { createLocalFs } from './local-fs';

export interface LocalFileDriverOptions {
  /** The server's data directory (config `dataDir`); homes live in `<dataDir>/homes/<account>`. */
  dataDir: string;
  /**
   * A storage's root template (cluster-storage), relative to the data directory, with `{account}`:
   * `/homes/{account}` (the default), `/public/{account}`. Validated by the contract's rootTemplateSchema.
   */
  rootTemplate?: string;
  /**
   * Dedicated Unix users (server running as root): each home is made and kept the account's own user's
   * (0700), the folders leading to homes 0711, and what this driver creates is handed to that user.
   */
  users?: LocalUsers;
}

/**
 * The embedded default: each bound account's home is a directory under the data directory, made
 * (mode 700) on first use. Nothing here runs as the account (the server, root when accounts have
 * their own Unix users, does the work), which is why confinement is strict: every path is resolved
 * and checked against the home's real path, and the data moves through descriptors checked again
 * after opening (local-fs.ts). With `users`, every home and every file or folder made here belongs
 * to the account's user, so its jobs can use them and other accounts' jobs cannot.
 */
export function createLocalFileDriver(options: LocalFileDriverOptions): FileDriver {
  const template = options.rootTemplate ?? '/homes/{account}';
  // the fixed part before `{account}`'s directory is the root every home must stay under
  const homesRoot = path.resolve(options.dataDir, '.' + path.posix.dirname(template.slice(0, template.indexOf('{account}') + 9)));

  let passage: Promise<void> | undefined;

  async function openSession(account: string): Promise<FsSession> {
    const home = path.resolve(options.dataDir, '.' + template.replace('{account}', account));
    if (!isWithin(homesRoot, home) || home === homesRoot)
      throw new FileError(Code.forbidden, 'the storage root lies outside the data directory', 'symlink-escape');
    const users = options.users;
    const user = users ? await users.ensure(account) : undefined;
    if (user) {
      passage ??= traversable(path.resolve(options.dataDir), path.dirname(home)).catch((error: unknown) => {
        passage = undefined;
        throw error;
      });
      await passage;
      await ownHome(home, user);
    }
    await fsp.mkdir(home, { recursive: true, mode: 0o700 });
    // a home that is itself a link (planted by hand or by a job) would move every check elsewhere
    const [stat, rootReal, homeReal] = await Promise.all([fsp.lstat(home), fsp.realpath(homesRoot), fsp.realpath(home)]);
    if (!stat.isDirectory() || !isWithin(rootReal, homeReal) || homeReal === rootReal)
      throw new FileError(Code.forbidden, 'the home directory is not a plain directory under the data directory', 'symlink-escape');
    return { fs: createLocalFs(homeReal, user), home, homeReal, release: () => undefined };
  }

  return createFileDriver({ kind: 'local', openSession, close: async () => undefined });
}
