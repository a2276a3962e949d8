import { mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ownHome, traversable } from '../../local-users/homes';
import type { LocalUser, LocalUsers } from '../../local-users/unix-users';
import { invalidInput } from '../scheduler-error';
import { assertSchedulerName } from '../validate';

export interface AccountHome {
  /** Real path. */
  home: string;
  /** The account's own Unix user, with dedicated users (server running as root). */
  user?: LocalUser;
}

/** The account's home; with dedicated users also its Unix user (created when missing), owning the home (0700). */
export async function accountHomeOf(dataDir: string, account: string, users?: LocalUsers): Promise<AccountHome> {
  if (!users) return { home: await accountHome(dataDir, account) };
  const user = await users.ensure(assertSchedulerName('account', account));
  const root = path.resolve(dataDir);
  await traversable(root, path.join(root, 'homes'));
  const home = path.join(root, 'homes', account);
  await ownHome(home, user);
  return { home: await realpath(home), user };
}

/** `${dataDir}/homes/<account>`, created on first use (the local stand-in for a cluster home). */
export async function accountHome(dataDir: string, account: string): Promise<string> {
  assertSchedulerName('account', account);
  const home = path.join(path.resolve(dataDir), 'homes', account);
  await mkdir(home, { recursive: true, mode: 0o755 });
  return realpath(home);
}

const isInside = (root: string, candidate: string): boolean => {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * The real path of a job's working directory, which must be an existing directory inside the home.
 * Checked twice: lexically (so `../..` and foreign absolute paths fail with a clear message) and on
 * the real path (so a symlink inside the home cannot lead out of it).
 */
export async function resolveWorkingDirectory(home: string, requested: string | undefined): Promise<string> {
  const wanted = requested === undefined || requested === '' || requested === '~' ? '.' : requested.replace(/^~\//, '');
  const candidate = path.resolve(home, wanted);
  if (!isInside(home, candidate))
    throw invalidInput(`working directory ${requested} is outside the account's home`, { field: 'workingDirectory' });
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    throw invalidInput(`working directory ${requested} does not exist`, { field: 'workingDirectory' });
  }
  if (!isInside(home, real))
    throw invalidInput(`working directory ${requested} leads outside the account's home`, { field: 'workingDirectory' });
  if (!(await stat(real)).isDirectory())
    throw invalidInput(`working directory ${requested} is not a directory`, { field: 'workingDirectory' });
  return real;
}
