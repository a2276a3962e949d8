/**
 * A minimal POSIX tar (ustar + pax) writer for directory downloads: headers only; the caller streams
 * each file's bytes after its header and pads to 512. Names longer than ustar's 100 bytes, names that
 * are not ASCII and sizes over 8 GiB go in a pax extended header, which GNU tar, bsdtar and 7-Zip read.
 */

export const tarBlock = 512;
const maxOctal11 = 8 ** 11 - 1;

export interface TarEntry {
  /** Relative path inside the archive, `/`-separated; directories without the trailing slash. */
  path: string;
  type: 'file' | 'dir';
  size: number;
  /** Milliseconds since the epoch. */
  mtime: number;
  mode: number;
}

function octal(value: number, width: number): string {
  return `${Math.floor(value).toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, type: string, size: number, mtime: number, mode: number): Buffer {
  const block = Buffer.alloc(tarBlock);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'latin1');
  block.write(octal(0, 8), 108, 'latin1');
  block.write(octal(0, 8), 116, 'latin1');
  block.write(octal(Math.min(size, maxOctal11), 12), 124, 'latin1');
  block.write(octal(Math.max(0, Math.floor(mtime / 1000)), 12), 136, 'latin1');
  block.write('        ', 148, 'latin1');
  block.write(type, 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

/** One pax record: its length counts its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

export const paddingFor = (size: number): number => (tarBlock - (size % tarBlock)) % tarBlock;

/** The header block(s) for an entry (a pax header first when ustar cannot hold it). */
export function entryHeader(entry: TarEntry): Buffer {
  const name = entry.type === 'dir' ? `${entry.path}/` : entry.path;
  const needsPax = Buffer.byteLength(name) > 100 || /[^\x20-\x7e]/.test(name) || entry.size > maxOctal11;
  const own = header(needsPax ? name.replace(/[^\x20-\x7e]/g, '_').slice(-99) : name, entry.type === 'dir' ? '5' : '0', entry.size, entry.mtime, entry.mode);
  if (!needsPax) return own;
  const records = paxRecord('path', name) + (entry.size > maxOctal11 ? paxRecord('size', String(entry.size)) : '');
  const data = Buffer.from(records, 'utf8');
  return Buffer.concat([header('PaxHeader', 'x', data.length, entry.mtime, 0o644), data, Buffer.alloc(paddingFor(data.length)), own]);
}

/** Two zero blocks end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(tarBlock * 2);
