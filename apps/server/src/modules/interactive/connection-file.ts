import { z } from 'zod';
import type { FileDriver } from '../../drivers/files/interface';

/** What a session's job reports: anything else in the file (or a bigger file) is refused. */
const connectionSchema = z
  .object({
    host: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/, 'a host name'),
    // never a privileged port: those are the node's own services, not a user's app
    port: z.number().int().min(1024).max(65535),
    secret: z.string().regex(/^[A-Za-z0-9]{8,128}$/, '8 to 128 letters and digits'),
  })
  .strict();
export type Connection = z.infer<typeof connectionSchema>;

const maxBytes = 4096;

/**
 * The connection file, read through the cluster's file driver as the session's account (never as the
 * server's user): a file the account cannot write could not have been planted by it, and one it can is
 * only believed once the scheduler names the same node and the app answers the secret.
 */
export async function readConnection(files: FileDriver, account: string, path: string): Promise<Connection | { error: string }> {
  let text: string;
  try {
    const read = await files.readStream({ account }, path, { start: 0, end: maxBytes });
    const chunks: Buffer[] = [];
    for await (const chunk of read.stream) chunks.push(Buffer.from(chunk as Buffer));
    if (read.size > maxBytes) return { error: 'the connection file is too big' };
    text = Buffer.concat(chunks).toString('utf8');
  } catch {
    return { error: 'waiting for the app to write its connection file' };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'the connection file is not JSON' };
  }
  const parsed = connectionSchema.safeParse(json);
  return parsed.success ? parsed.data : { error: `the connection file is refused: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}` };
}
