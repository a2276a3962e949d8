import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { Writable } from 'node:stream';
import { Code } from '@starlight/contract/codes';
import { FileError } from '../file-error';
import { toFileError } from './errors';
import type { RawWriter } from './raw-fs';

export interface AtomicWriteHooks {
  writer: RawWriter;
  /** Moves the finished temporary file to its name; the file becomes visible here and only here. */
  commit(): Promise<void>;
  /** Removes the temporary file; errors are ignored (it may never have been written). */
  discard(): Promise<void>;
  /** Runs once the stream is over either way (hands the connection back). */
  done(): void;
  expectedSha256?: string;
}

/**
 * The body goes to a temporary name; `_final` checks the checksum and commits, `_destroy` without a
 * commit discards. So a client that disconnects mid-upload (pipeline destroys the stream), a source
 * that errors, a wrong checksum or a target that appeared meanwhile (exclusive) all leave nothing
 * under the final name and no temporary file behind.
 */
export class AtomicWriteStream extends Writable {
  private readonly hash: Hash | undefined;
  private pending: Promise<void> = Promise.resolve();
  private writerClosed = false;
  private committed = false;
  private cleaning: Promise<void> | undefined;

  constructor(private readonly hooks: AtomicWriteHooks) {
    super();
    this.hash = hooks.expectedSha256 ? createHash('sha256') : undefined;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.hash?.update(chunk);
    this.pending = this.hooks.writer.write(chunk);
    this.pending.then(
      () => callback(),
      (err: unknown) => callback(toFileError(err)),
    );
  }

  override _final(callback: (error?: Error | null) => void): void {
    const finish = async (): Promise<void> => {
      this.writerClosed = true;
      await this.hooks.writer.close();
      const expected = this.hooks.expectedSha256;
      if (expected && this.hash?.digest('hex') !== expected.toLowerCase())
        throw new FileError(Code.invalidInput, 'the SHA-256 of the body does not match', 'checksum');
      await this.hooks.commit();
      this.committed = true;
    };
    // a refused commit is cleaned up before the error surfaces, so the caller sees a settled state
    finish().then(
      () => callback(),
      (err: unknown) => this.cleanUp().finally(() => callback(toFileError(err))),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.cleanUp().finally(() => {
      this.hooks.done();
      callback(error);
    });
  }

  private cleanUp(): Promise<void> {
    this.cleaning ??= (async () => {
      if (this.committed) return;
      await this.pending.catch(() => undefined); // a write still in flight must not land after the unlink
      if (!this.writerClosed) await this.hooks.writer.close().catch(() => undefined);
      await this.hooks.discard().catch(() => undefined);
    })();
    return this.cleaning;
  }
}
