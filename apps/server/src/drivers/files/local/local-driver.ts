import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { Code } from '@starlight/contract/codes';
import { createFileDriver } from '../core/driver-core';
import type { FsSession } from '../core/raw-fs';
import { FileError } from '../file-error';
import type { FileDriver } from '../interface';
import { isWithin } from '../paths';
import { createLocalFs } from './local-fs';

export interface LocalFileDriverOptions {
  /** The server's data directory (config `dataDir`); homes live in `<dataDir>/homes/<account>`. */
  dataDir: string;
  /**
   * A storage's root template (cluster-storage), relative to the data directory, with `{account}`:
   * `/homes/{account}` (the default), `/public/{account}`. Validated by the contract's rootTemplateSchema.
   */
  rootTemplate?: string;
}

/**
 * The embedded default: each bound account's home is a directory under the data directory, made
 * (mode 700) on first use. Nothing here runs as the account (the server owns every home), which is
 * why confinement is strict: every path is resolved and checked against the home's real path, and
 * the data moves through descriptors checked again after opening (local-fs.ts).
 */
export function createLocalFileDriver(options: LocalFileDriverOptions): FileDriver {
  const template = options.rootTemplate ?? '/homes/{account}';
  // the fixed part before `{account}`'s directory is the root every home must stay under
  const homesRoot = path.resolve(options.dataDir, '.' + path.posix.dirname(template.slice(0, template.indexOf('{account}') + 9)));

  async function openSession(account: string): Promise<FsSession> {
    const home = path.resolve(options.dataDir, '.' + template.replace('{account}', account));
    if (!isWithin(homesRoot, home) || home === homesRoot)
      throw new FileError(Code.forbidden, 'the storage root lies outside the data directory', 'symlink-escape');
    await fsp.mkdir(home, { recursive: true, mode: 0o700 });
    // a home that is itself a link (planted by hand or by a job) would move every check elsewhere
    const [stat, rootReal, homeReal] = await Promise.all([fsp.lstat(home), fsp.realpath(homesRoot), fsp.realpath(home)]);
    if (!stat.isDirectory() || !isWithin(rootReal, homeReal) || homeReal === rootReal)
      throw new FileError(Code.forbidden, 'the home directory is not a plain directory under the data directory', 'symlink-escape');
    return { fs: createLocalFs(homeReal), home, homeReal, release: () => undefined };
  }

  return createFileDriver({ kind: 'local', openSession, close: async () => undefined });
}
