import type { FileDriver } from '../../drivers/files/interface';

/** How much of each output file a detail shows. */
export const tailBytes = 64 * 1024;

/**
 * The last bytes of a job's output file, read through the file driver as the job's own account (so
 * the cluster's permissions apply, ARCHITECTURE §1). Null when there is no such file or it cannot be
 * read: the detail still answers.
 */
export async function readTail(files: FileDriver | null, account: string, filePath: string): Promise<string | null> {
  if (!files || !filePath) return null;
  try {
    const { size } = await files.stat({ account }, filePath);
    const start = Math.max(0, size - tailBytes);
    const read = await files.readStream({ account }, filePath, { start });
    const chunks: Buffer[] = [];
    for await (const chunk of read.stream) chunks.push(Buffer.from(chunk as Buffer));
    const text = Buffer.concat(chunks).toString('utf8');
    // a cut in the middle of a multi-byte character shows as U+FFFD at the start: drop it
    return start > 0 ? text.replace(/^\uFFFD+/, '') : text;
  } catch {
    return null;
  }
}
