import { chmod, lchown, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LocalUser } from './unix-users';

/**
 * The account's home (made if missing) as its own: owned by the dedicated user, mode 0700. A home
 * the user does not own yet (made before accounts had their own users, or by root) has every entry
 * in it handed over too, without following links; that happens once, since afterwards the home is
 * the user's and this is one lstat.
 */
export async function ownHome(home: string, user: LocalUser): Promise<void> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  const stat = await lstat(home);
  if (!stat.isDirectory()) throw new Error(`the home ${home} is not a directory`);
  if (stat.uid === user.uid && stat.gid === user.gid && (stat.mode & 0o7777) === 0o700) return;
  if (stat.uid !== user.uid) await chownTree(home, user);
  await lchown(home, user.uid, user.gid);
  await chmod(home, 0o700);
}

async function chownTree(dir: string, user: LocalUser): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, user);
    await lchown(full, user.uid, user.gid);
  }
}

/**
 * `dir` and every directory between `root` and it: made if missing, owned by root, mode 0711, so a
 * user can pass through to its own home but cannot list who else has one.
 */
export async function traversable(root: string, dir: string): Promise<void> {
  const rel = path.relative(root, dir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`${dir} is not under ${root}`);
  let current = root;
  for (const part of ['', ...rel.split(path.sep).filter(Boolean)]) {
    current = path.join(current, part);
    await mkdir(current, { recursive: true, mode: 0o711 });
    await chmod(current, 0o711);
  }
}

/**
 * The data directory with dedicated job users: the directory itself 0711 (traversal to the homes),
 * the folders that lead to homes and job scripts 0711, everything else in it (the PGlite database,
 * secrets, upload state) closed to group and others.
 */
export async function lockDataDir(dataDir: string, passages: readonly string[]): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o711 });
  await chmod(dataDir, 0o711);
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    const full = path.join(dataDir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (passages.includes(entry.name)) await chmod(full, 0o711);
    else await chmod(full, (await lstat(full)).mode & 0o700);
  }
}

/** Ancestors of `dir` that others cannot pass through: a job user could not reach its home by its path. */
export async function closedAncestors(dir: string): Promise<string[]> {
  const closed: string[] = [];
  for (let current = path.dirname(path.resolve(dir)); ; current = path.dirname(current)) {
    const mode = await lstat(current).then((s) => s.mode, () => 0o755);
    if ((mode & 0o001) === 0) closed.push(current);
    if (current === path.dirname(current)) return closed;
  }
}
