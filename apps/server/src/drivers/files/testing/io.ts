import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileError } from '../file-error';
import type { ByteRange, FileDriver, FileIdentity, WriteOptions } from '../interface';

/** Small helpers the driver tests share: text in and out through the driver, and a call's code. */

export async function writeText(
  driver: FileDriver,
  who: FileIdentity,
  path: string,
  text: string | Buffer,
  options?: WriteOptions,
): Promise<void> {
  await pipeline(Readable.from([Buffer.from(text)]), await driver.writeStream(who, path, options));
}

export async function readText(driver: FileDriver, who: FileIdentity, path: string, range?: ByteRange): Promise<string> {
  const { stream } = await driver.readStream(who, path, range);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The FileError code a call fails with; 'ok' when it succeeds, the error text for anything else. */
export async function codeOf(call: Promise<unknown>): Promise<number | string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    return err instanceof FileError ? err.code : `not a FileError: ${String(err)}`;
  }
}

/** The reason of the FileError a call fails with. */
export async function reasonOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    return err instanceof FileError ? err.reason : `not a FileError: ${String(err)}`;
  }
}
