import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { installIdentity, type InstallIdentity } from './install';

const run = promisify(execFile);

/** Which Unix users are ours: a name prefix, a uid/gid range, and the marker in the comment field. */
export interface LocalUsersOptions {
  /** Put before every account's Unix name (default `sl-`), followed by the install's tag; never matches a system user's name by itself. */
  prefix: string;
  uidMin: number;
  uidMax: number;
}

export interface LocalUsersInstall {
  /** This install's identity (install.ts): its tag is in the users' names, its id in their marker. */
  install: InstallIdentity;
  /** `<dataDir>/homes`: an upgraded install claims an old-marked user only when it owns this install's home of the account. */
  homesDir: string;
}

/** The dedicated Unix user that one bound account's local jobs run as. */
export interface LocalUser {
  account: string;
  name: string;
  uid: number;
  gid: number;
}

export interface LocalUsers {
  readonly options: LocalUsersOptions;
  /** What this install's users' names start with: `<prefix><tag>-`, or `<prefix>` for an upgraded install. */
  readonly namePrefix: string;
  /** The account's Unix user, created (group, then user) when missing; throws when the name is taken by a user we did not make. */
  ensure(account: string): Promise<LocalUser>;
  /** The account's Unix user when it exists and is ours; undefined otherwise. */
  lookup(account: string): Promise<LocalUser | undefined>;
}

/** Linux (glibc, utmp) keeps login names to 32 bytes. */
const maxNameLength = 32;

/**
 * `<prefix><account>` when the account is lowercase and short enough; otherwise `<prefix>-<hash>`.
 * Accounts never start with `-`, so the two forms can never produce the same name, and lowercasing
 * is never needed (two accounts differing only in case would otherwise share one user).
 */
export function unixNameOf(prefix: string, account: string): string {
  const readable = `${prefix}${account}`;
  if (/^[a-z0-9_][a-z0-9_.-]*$/.test(account) && readable.length <= maxNameLength) return readable;
  const hash = createHash('sha256').update(account).digest('hex');
  return `${prefix}-${hash}`.slice(0, maxNameLength);
}

/** `<prefix><tag>-`, or the bare prefix for an upgraded install (its users keep their names). */
export const namePrefixOf = (prefix: string, install: InstallIdentity): string => (install.tag ? `${prefix}${install.tag}-` : prefix);

/** The comment (GECOS) field that marks a user as made by this Starlight install for this account. */
export const markerOf = (installId: string, account: string): string => `Starlight local account ${account} install ${installId}`;

/** The marker of users made before installs had identities: claimed only by an upgraded install that used them. */
export const oldMarkerOf = (account: string): string => `Starlight local account ${account}`;

const markerPattern = /^Starlight local account \S+ install ([0-9a-f]{32})$/;

/** The tags of every Starlight install that has users on this host (a new install draws another). */
export async function installTagsInUse(passwdFile = '/etc/passwd'): Promise<Set<string>> {
  const text = await readFile(passwdFile, 'utf8');
  const ids = text.split('\n').map((line) => markerPattern.exec(line.split(':')[4] ?? '')?.[1]);
  return new Set(ids.filter((id): id is string => id !== undefined).map((id) => id.slice(0, 4)));
}

interface PasswdEntry {
  name: string;
  uid: number;
  gid: number;
  comment: string;
}

async function getent(database: 'passwd' | 'group', name: string): Promise<string[] | undefined> {
  try {
    const { stdout } = await run('getent', [database, name], { timeout: 10_000 });
    return stdout.trim().split(':');
  } catch (error) {
    // exit status 2: no such entry
    if ((error as { code?: unknown }).code === 2) return undefined;
    throw error;
  }
}

async function passwdEntry(name: string): Promise<PasswdEntry | undefined> {
  const fields = await getent('passwd', name);
  if (!fields) return undefined;
  return { name: fields[0] ?? name, uid: Number(fields[2]), gid: Number(fields[3]), comment: fields[4] ?? '' };
}

/** useradd and groupadd lock /etc/passwd and /etc/group; another tool holding the lock is waited out. */
async function admin(command: string, args: string[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run(command, args, { timeout: 30_000 });
      return;
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '');
      if (attempt < 10 && /lock/i.test(stderr)) {
        await sleep(200 + attempt * 100);
        continue;
      }
      throw new Error(`${command} failed: ${stderr.trim() || (error as Error).message}`);
    }
  }
}

// One user administration at a time in this process: two bindings must not race useradd.
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work);
  chain = next.catch(() => undefined);
  return next;
}

/**
 * Dedicated Unix users for the embedded `local` cluster (only when the server runs as root):
 * `<prefix><tag>-<account>` with its own group, uid and gid in `[uidMin, uidMax]`, no password, shell
 * nologin, home in the data directory (made by the callers, not by useradd), marked with this install's
 * id. A user with our name that lacks our marker or lies outside the range is someone else's (another
 * install's, or not Starlight's at all), and is never taken over.
 */
export function createLocalUsers(options: LocalUsersOptions, { install, homesDir }: LocalUsersInstall): LocalUsers {
  const known = new Map<string, LocalUser>();
  const inRange = (id: number): boolean => id >= options.uidMin && id <= options.uidMax;
  const namePrefix = namePrefixOf(options.prefix, install);
  const marker = (account: string) => markerOf(install.id, account);

  /** An upgraded install's own user from before identities: marked the old way, and owning this install's home. */
  async function usedBefore(account: string, entry: PasswdEntry): Promise<boolean> {
    if (!install.upgraded || entry.comment !== oldMarkerOf(account)) return false;
    const home = await lstat(path.join(homesDir, account)).catch(() => undefined);
    return home?.isDirectory() === true && home.uid === entry.uid;
  }

  async function ours(account: string, entry: PasswdEntry): Promise<LocalUser> {
    const user = { account, name: entry.name, uid: entry.uid, gid: entry.gid };
    if (!inRange(entry.uid) || !inRange(entry.gid)) throw refusal(account, entry);
    if (entry.comment === marker(account)) return user;
    if (!(await usedBefore(account, entry))) throw refusal(account, entry);
    // claimed once: from now on it carries this install's id, and no other install takes it
    await admin('usermod', ['-c', marker(account), entry.name]);
    return user;
  }

  function refusal(account: string, entry: PasswdEntry): Error {
    const other = markerPattern.exec(entry.comment)?.[1];
    const why = other
      ? `was not created by this Starlight install (it belongs to install ${other} on this host)`
      : entry.comment === oldMarkerOf(account) && inRange(entry.uid)
        ? `was not created by this Starlight install (an install from before identities made it, and this install's home of ${account} is not its)`
        : `was not created by Starlight for ${account}`;
    return new Error(`the Unix user ${entry.name} exists and ${why}: refusing to take it over`);
  }

  async function lookup(account: string): Promise<LocalUser | undefined> {
    const cached = known.get(account);
    if (cached) return cached;
    const entry = await passwdEntry(unixNameOf(namePrefix, account));
    if (!entry) return undefined;
    const user = await ours(account, entry);
    known.set(account, user);
    return user;
  }

  async function create(account: string): Promise<LocalUser> {
    const name = unixNameOf(namePrefix, account);
    const range = (kind: 'UID' | 'GID') => ['-K', `${kind}_MIN=${options.uidMin}`, '-K', `${kind}_MAX=${options.uidMax}`];
    // Another instance of this install (same data directory) may create the same group or user at the same
    // moment: when groupadd or useradd fails, what then exists is taken if it is ours (range and this install's
    // marker checked below); another install's user has another marker and is refused.
    const group = await getent('group', name);
    if (!group) await admin('groupadd', [...range('GID'), name]).catch(async (error: unknown) => {
      if (!(await getent('group', name))) throw error;
    });
    const made = await getent('group', name);
    if (!made || !inRange(Number(made[2])))
      throw new Error(`the Unix group ${name} exists outside Starlight's range: refusing to take it over`);
    // -M: the home is the data directory's, made by the drivers; -l: no lastlog entry for a large uid
    await admin('useradd', [...range('UID'), '-g', name, '-M', '-N', '-l', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', '-c', marker(account), name]).catch(
      async (error: unknown) => {
        if (!(await passwdEntry(name))) throw error;
      },
    );
    const entry = await passwdEntry(name);
    if (!entry) throw new Error(`useradd reported success but ${name} does not exist`);
    return ours(account, entry);
  }

  return {
    options,
    namePrefix,
    lookup,
    ensure: async (account) => (await lookup(account)) ?? serial(async () => (await lookup(account)) ?? create(account)),
  };
}

/** This data directory's install (its identity made on the first start) and its users. */
export async function openLocalUsers(dataDir: string, options: LocalUsersOptions): Promise<LocalUsers> {
  const install = await installIdentity(dataDir, () => installTagsInUse());
  return createLocalUsers(options, { install, homesDir: path.join(dataDir, 'homes') });
}

/** Whether this process may switch to other users (the embedded cluster isolates accounts only then). */
export const runningAsRoot = (): boolean => process.getuid?.() === 0;

/** A Unix user of the console itself (not of an account), e.g. the CWL validator `starlight-cwl`. */
export interface ServiceUser {
  name: string;
  uid: number;
  gid: number;
}

const serviceUsers = new Map<string, ServiceUser>();

/**
 * A system user the console runs a confined helper as (root only): `useradd --system --user-group`, no home,
 * no password, shell nologin, the comment `comment`. One with that name and another comment, or outside the
 * system range (uid ≥ 1000), is someone else's and is refused, never borrowed.
 */
export async function ensureServiceUser(name: string, comment: string): Promise<ServiceUser> {
  const known = serviceUsers.get(name);
  if (known) return known;
  const ours = (entry: PasswdEntry): ServiceUser => {
    if (entry.comment !== comment || entry.uid >= 1000 || entry.uid === 0)
      throw new Error(`the Unix user ${name} exists and was not created by Starlight (comment "${entry.comment}", uid ${entry.uid}): refusing to use it`);
    const user = { name, uid: entry.uid, gid: entry.gid };
    serviceUsers.set(name, user);
    return user;
  };
  const existing = await passwdEntry(name);
  if (existing) return ours(existing);
  return serial(async () => {
    const again = await passwdEntry(name);
    if (again) return ours(again);
    await admin('useradd', ['--system', '--user-group', '-M', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', '-c', comment, name]).catch(async (error: unknown) => {
      if (!(await passwdEntry(name))) throw error;
    });
    const entry = await passwdEntry(name);
    if (!entry) throw new Error(`useradd reported success but ${name} does not exist`);
    return ours(entry);
  });
}
