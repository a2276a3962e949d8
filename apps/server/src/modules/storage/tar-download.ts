import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { Code } from '@starlight/contract/codes';
import type { FileDriver, FileIdentity } from '../../drivers/files/interface';
import { maxListLimit } from '../../drivers/files/interface';
import { AppError } from '../../lib/app-error';
import { entryHeader, paddingFor, tarEnd, type TarEntry } from './tar';

/**
 * A directory as a tar: walked first (through the driver, so every path stays confined) to refuse
 * one over the cap before any byte is sent, then streamed entry by entry. Symbolic links and special
 * files are left out (a link could name anything; the archive carries only what the walk saw).
 * A file that changed size meanwhile is cut or zero-padded to what its header said.
 */

const maxEntries = 1_000_000;
const zeros = Buffer.alloc(1024 * 1024);

export async function walkForTar(driver: FileDriver, identity: FileIdentity, root: string, capBytes: number): Promise<TarEntry[]> {
  const out: TarEntry[] = [];
  let total = 0;
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (let offset = 0; ; offset += maxListLimit) {
      const page = await driver.listDir(identity, dir, { offset, limit: maxListLimit, dirsFirst: false });
      for (const e of page.entries) {
        if (e.type !== 'file' && e.type !== 'dir') continue;
        const path = rel ? `${rel}/${e.name}` : e.name;
        out.push({ path, type: e.type, size: e.type === 'file' ? e.size : 0, mtime: e.mtime, mode: e.mode });
        total += e.type === 'file' ? e.size : 0;
        if (total > capBytes)
          throw new AppError(Code.invalidInput, `the directory holds more than ${capBytes} bytes: too large to download as one archive`);
        if (out.length > maxEntries) throw new AppError(Code.invalidInput, `the directory holds more than ${maxEntries} entries`);
        if (e.type === 'dir') await walk(posix.join(dir, e.name), path);
      }
      if (offset + maxListLimit >= page.total) return;
    }
  };
  const top = posix.basename(root) || 'home';
  await walk(root, '');
  return out.map((e) => ({ ...e, path: `${top}/${e.path}` }));
}

async function* archive(driver: FileDriver, identity: FileIdentity, root: string, entries: TarEntry[]): AsyncGenerator<Buffer> {
  const top = posix.basename(root) || 'home';
  for (const entry of entries) {
    yield entryHeader(entry);
    if (entry.type !== 'file' || entry.size === 0) continue;
    const source = posix.join(root, entry.path.slice(top.length + 1));
    let sent = 0;
    try {
      const { stream } = await driver.readStream(identity, source, { start: 0, end: entry.size - 1 });
      for await (const chunk of stream) {
        const bytes = chunk as Buffer;
        const take = bytes.subarray(0, entry.size - sent);
        sent += take.length;
        yield take;
      }
    } catch {
      // gone or unreadable since the walk: the header promised bytes, zeros keep the archive readable
    }
    for (let missing = entry.size - sent; missing > 0; missing -= zeros.length) yield zeros.subarray(0, Math.min(missing, zeros.length));
    yield Buffer.alloc(paddingFor(entry.size));
  }
  yield tarEnd();
}

export const tarStream = (driver: FileDriver, identity: FileIdentity, root: string, entries: TarEntry[]): Readable =>
  Readable.from(archive(driver, identity, root, entries), { objectMode: false });
