import { posix } from 'node:path';
import type { DirPage, FileEntry, FileType } from '../interface';
import { mapped } from './errors';
import { isListed, sortForListing } from './listing';
import type { ListPlan } from './listing';
import { orphanTempAgeMs, streamTempPattern } from '../paths';
import type { RawDirent, RawFs, RawStat } from './raw-fs';
import { lstatOrMissing } from './resolve';

/**
 * Temporary files of streamed writes whose writer is gone (see `streamTempPattern`): a server killed
 * mid-upload leaves one, and nothing else knows it is there. Usually there are none, so a listing
 * costs nothing extra; a failure here (permissions, a race with the writer's own rename) is ignored.
 */
async function removeOrphanTemps(fs: RawFs, dirReal: string, raw: readonly RawDirent[], now = Date.now()): Promise<void> {
  const temps = raw.filter((d) => streamTempPattern.test(d.name) && d.type !== 'dir');
  await Promise.all(
    temps.map(async (d) => {
      const path = posix.join(dirReal, d.name);
      const stat = d.stat ?? (await lstatOrMissing(fs, path).catch(() => undefined));
      if (stat?.type === 'file' && now - stat.mtimeMs > orphanTempAgeMs) await fs.unlink(path).catch(() => undefined);
    }),
  );
}

/**
 * One page of a directory. The directory is read whole (names and types only on `local`), sorted on
 * the server and only the page is stat-ed, so a 100,000-entry directory sorted by name costs one
 * readdir, one sort and `limit` lstat calls. Sorting by size or time needs every entry's stat: on
 * `local` that is one lstat per entry (a few hundred milliseconds per 100,000 on a local disk, much
 * more on NFS); on `ssh` the server sends the attributes with the names, so it costs nothing extra.
 */

export interface Item {
  name: string;
  type: FileType;
  stat: RawStat | undefined;
  size?: number;
  mtime?: number;
}

const statConcurrency = 32;

async function fillStats(fs: RawFs, dir: string, items: Item[]): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as Item;
      item.stat = await lstatOrMissing(fs, posix.join(dir, item.name));
      if (item.stat) Object.assign(item, { type: item.stat.type, size: item.stat.size, mtime: item.stat.mtimeMs });
    }
  };
  await Promise.all(Array.from({ length: Math.min(statConcurrency, items.length) }, worker));
}

export function toEntry(name: string, stat: RawStat): FileEntry {
  const entry: FileEntry = { name, type: stat.type, size: stat.size, mtime: stat.mtimeMs, mode: stat.mode };
  if (stat.owner !== undefined) entry.owner = stat.owner;
  return entry;
}

/** The directory read whole, filtered and sorted; only the entries the sort needed are stat-ed. */
export async function readSorted(fs: RawFs, dirReal: string, plan: ListPlan): Promise<Item[]> {
  const raw = await mapped(fs.readdir(dirReal), 'list');
  let items: Item[] = [];
  let unknownTypes = false;
  await removeOrphanTemps(fs, dirReal, raw);
  for (const d of raw) {
    if (!isListed(d.name, plan.filter)) continue;
    if (d.type === 'unknown') unknownTypes = true;
    const item: Item = { name: d.name, type: d.type === 'unknown' ? 'other' : d.type, stat: d.stat };
    if (d.stat) Object.assign(item, { size: d.stat.size, mtime: d.stat.mtimeMs });
    items.push(item);
  }
  // a file system without d_type cannot put directories first from names alone
  if (plan.sort !== 'name' || (plan.dirsFirst && unknownTypes)) {
    await mapped(fillStats(fs, dirReal, items.filter((i) => !i.stat)), 'list');
    items = items.filter((i) => i.stat); // gone since readdir
  }
  return sortForListing(items, plan);
}

/**
 * The entries of one page of a sorted listing. Stats are taken now, so sizes and times are current;
 * an entry removed since the read is left out. Items read with their stat (ssh) keep that one.
 */
export async function statPage(fs: RawFs, dirReal: string, page: readonly Item[]): Promise<FileEntry[]> {
  const fresh = page.map((i): Item => ({ ...i }));
  await mapped(fillStats(fs, dirReal, fresh.filter((i) => !i.stat)), 'list');
  return fresh.flatMap((i) => (i.stat ? [toEntry(i.name, i.stat)] : []));
}

export async function listDirectory(fs: RawFs, dirReal: string, plan: ListPlan): Promise<DirPage> {
  const sorted = await readSorted(fs, dirReal, plan);
  const entries = await statPage(fs, dirReal, sorted.slice(plan.offset, plan.offset + plan.limit));
  return { entries, total: sorted.length, offset: plan.offset };
}
