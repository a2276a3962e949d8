import { randomBytes } from 'node:crypto';
import { link, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which Starlight install on this host a Unix user belongs to. Several installs (each its own data
 * directory) may run on one host; each marks the users it makes with its id and names them with its
 * tag, so the same account bound in two installs gets two users, and no install takes another's.
 */
export interface InstallIdentity {
  /** 32 hex digits, made on the first start; written into every user's comment (GECOS) field. */
  id: string;
  /** 4 hex digits in the users' names (`<prefix><tag>-<account>`); empty for an install upgraded from before identities. */
  tag: string;
  /**
   * Made by an upgrade (the data directory had homes but no identity): a user marked the old way, without
   * an install id, is this install's when it owns this install's home of that account; it is then re-marked.
   */
  upgraded: boolean;
}

export const installFileName = 'install.json';
const idPattern = /^[0-9a-f]{32}$/;
const tagPattern = /^([0-9a-f]{4})?$/;

function parse(text: string, file: string): InstallIdentity {
  const value = JSON.parse(text) as Partial<InstallIdentity>;
  if (typeof value.id !== 'string' || !idPattern.test(value.id) || typeof value.tag !== 'string' || !tagPattern.test(value.tag) || typeof value.upgraded !== 'boolean')
    throw new Error(`${file} is not a Starlight install identity (id: 32 hex digits, tag: 4 hex digits or empty, upgraded: true|false)`);
  return { id: value.id, tag: value.tag, upgraded: value.upgraded };
}

/** The identity recorded in the data directory; undefined before the first start as root. */
export async function readInstallIdentity(dataDir: string): Promise<InstallIdentity | undefined> {
  const file = path.join(dataDir, installFileName);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return text === undefined ? undefined : parse(text, file);
}

const exists = (file: string): Promise<boolean> => stat(file).then(() => true, () => false);

/**
 * The install's identity, read from `<dataDir>/install.json`, or made there on the first start. A data
 * directory that already has homes is an upgrade: it keeps the untagged names its users have. A new
 * install draws an id whose tag no Starlight user on this host carries yet (`tagsInUse`). The file is
 * written whole under a temporary name and linked into place, so instances starting together on one
 * data directory all end up with the one that was linked first.
 */
export async function installIdentity(dataDir: string, tagsInUse: () => Promise<Set<string>>): Promise<InstallIdentity> {
  const current = await readInstallIdentity(dataDir);
  if (current) return current;
  const file = path.join(dataDir, installFileName);
  const upgraded = await exists(path.join(dataDir, 'homes'));
  const used = upgraded ? new Set<string>() : await tagsInUse();
  let id = randomBytes(16).toString('hex');
  while (used.has(id.slice(0, 4))) id = randomBytes(16).toString('hex');
  const identity: InstallIdentity = { id, tag: upgraded ? '' : id.slice(0, 4), upgraded };
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
    return identity;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parse(await readFile(file, 'utf8'), file);
  } finally {
    await unlink(temporary);
  }
}
