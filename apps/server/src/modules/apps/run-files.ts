import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Code } from '@starlight/contract/codes';
import type { FileReference } from '@starlight/contract/cwl/job-order';
import type { FileDriver, FileIdentity } from '../../drivers/files/interface';
import { AppError } from '../../lib/app-error';

/** Text into the account's storage through its file driver (so it is the account's own file, confined to its home). */
export async function writeText(driver: FileDriver, identity: FileIdentity, file: string, text: string): Promise<void> {
  await driver.mkdir(identity, path.posix.dirname(file), { parents: true });
  await pipeline(Readable.from([Buffer.from(text)]), await driver.writeStream(identity, file));
}

/** The end of a text file of the account (engine log, outputs), or null when it is not there (yet). */
export async function readText(driver: FileDriver, identity: FileIdentity, file: string, maxBytes = 1_048_576): Promise<string | null> {
  try {
    const { size } = await driver.stat(identity, file);
    const read = await driver.readStream(identity, file, { start: Math.max(0, size - maxBytes) });
    const chunks: Buffer[] = [];
    for await (const chunk of read.stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Every File/Directory of a job order, resolved inside the account's storage: the driver's `stat` confines the
 * path to the home (symbolic links included) and says what it is; the job order then carries the absolute path
 * the engine will open. Anything else is 1400 naming the field: nothing is written or submitted.
 */
export async function resolveInputFiles(driver: FileDriver, identity: FileIdentity, home: string, order: Record<string, unknown>, refs: FileReference[]): Promise<Record<string, unknown>> {
  const resolved = structuredClone(order);
  for (const ref of refs) {
    const field = `body.${ref.field}`;
    const bad = (message: string) => new AppError(Code.invalidInput, `${ref.field}: ${message}`, { fields: [{ path: field, message }] });
    const relative = ref.path.startsWith('/') ? path.posix.relative(home, path.posix.normalize(ref.path)) : path.posix.normalize(ref.path);
    if (relative.startsWith('..') || path.posix.isAbsolute(relative)) throw bad('outside your storage');
    let entry;
    try {
      entry = await driver.stat(identity, relative);
    } catch {
      throw bad(`${ref.path} is not in your storage`);
    }
    if ((ref.kind === 'File') !== (entry.type === 'file')) throw bad(`${ref.path} is not a ${ref.kind === 'File' ? 'file' : 'directory'}`);
    // job_order.a.0.path → the object holding `path`
    const keys = ref.field.split('.').slice(1, -1);
    let holder: Record<string, unknown> = resolved;
    for (const key of keys) holder = holder[key] as Record<string, unknown>;
    holder.path = path.posix.join(home, relative);
    delete holder.location;
  }
  return resolved;
}

/** Engine outputs carry `file://` locations; each File/Directory also gets `path` relative to the home for the file manager. */
export function withHomePaths(outputs: unknown, home: string): unknown {
  if (Array.isArray(outputs)) return outputs.map((o) => withHomePaths(o, home));
  if (outputs && typeof outputs === 'object') {
    const o = Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, withHomePaths(v, home)])) as Record<string, unknown>;
    if ((o.class === 'File' || o.class === 'Directory') && typeof o.location === 'string') {
      const abs = decodeURIComponent(o.location.replace(/^file:\/\//, ''));
      const rel = path.posix.relative(home, abs);
      if (!rel.startsWith('..')) o.home_path = rel;
    }
    return o;
  }
  return outputs;
}
