import { createHash, randomBytes, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Code } from '@starlight/contract/codes';
import { chunkCount, chunkRange, type FileEntry, type UploadSession } from '@starlight/contract/storage';
import type { FileDriver, FileIdentity } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { StorageSettings } from './files.service';
import { tooLarge } from './files.service';
import type { IdentityOf } from './storage-account';
import type { ResolveStorageAt, StorageTarget } from './storage-target';
import type { UploadSessionRow, UploadSessionsRepo } from './upload-sessions.repo';

export interface NewUploadSession {
  path: string;
  size: number;
  chunk_size: number;
  sha256?: string | undefined;
  overwrite: boolean;
}

const invalid = (path: string, message: string): AppError =>
  new AppError(Code.invalidInput, message, { fields: [{ path, message }] });

const toSession = (row: UploadSessionRow): UploadSession => ({
  id: row.id,
  path: row.targetPath,
  size: row.size,
  chunk_size: row.chunkSize,
  chunk_count: chunkCount(row.size, row.chunkSize),
  received: [...row.received].sort((a, b) => a - b),
  state: row.state as UploadSession['state'],
  expires_at: row.expiresAt.toISOString(),
});

/**
 * Reads a chunk body into one buffer of its expected size, hashing the pieces as they arrive (no second
 * pass, no list of pieces to join), refusing it as soon as it runs past what the chunk should hold.
 */
async function readChunk(body: Readable, expected: number): Promise<{ bytes: Buffer; sha256: string }> {
  const bytes = Buffer.allocUnsafe(expected);
  const hash = createHash('sha256');
  let length = 0;
  for await (const piece of body) {
    const buffer = piece as Buffer;
    if (length + buffer.length > expected) {
      body.destroy();
      throw invalid('body', `the chunk holds more than its ${expected} bytes`);
    }
    buffer.copy(bytes, length);
    hash.update(buffer);
    length += buffer.length;
  }
  if (length !== expected) throw invalid('body', `the chunk holds ${length} of its ${expected} bytes`);
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * The whole-file SHA-256 of an upload in progress on this instance, fed from the part file (as the
 * completion would read it) chunk after chunk in order as they are recorded, so the completion only
 * reads what is left (usually the last chunks) instead of the whole file. Only a recorded chunk with
 * no write of it in flight here is fed; a recorded chunk is never written again (a re-send is
 * acknowledged without writing), so what was fed stays what is on disk.
 */
interface RunningHash {
  hash: Hash;
  /** The next chunk to feed, and the bytes fed so far. */
  next: number;
  bytes: number;
  held: Set<number>;
  work: Promise<void>;
  failed: boolean;
}
/** Sessions with a running hash at once (each holds a few hundred bytes); beyond, completion reads the whole file. */
const maxRunningHashes = 1000;

/**
 * Resumable, checksummed uploads (the storage issue). The session lives in the database and the bytes
 * in a part file beside the target (file driver), so any instance serves any chunk and a restart
 * loses nothing. A chunk is verified in memory before it touches the disk; the whole file is verified
 * before the rename that makes it appear; a refusal at the end removes the part.
 */
export function createUploadsService({
  repo,
  at,
  driverFor,
  identityOf,
  settings,
  changed = () => undefined,
  now = () => new Date(),
}: {
  repo: UploadSessionsRepo;
  /** The storage a new upload names (and its quota guard). */
  at: ResolveStorageAt;
  /** The driver of the storage a session was begun on (null: the default storage). */
  driverFor: (storageId: number | null) => Promise<FileDriver>;
  identityOf: IdentityOf;
  settings: StorageSettings;
  /** A session's file appeared: its storage's usage is stale. */
  changed?: (storageId: number | null, account: string) => void;
  now?: () => Date;
}) {
  const expiry = (): Date => new Date(now().getTime() + settings.uploadSessionTtlS * 1000);

  async function openSession(actor: Actor, id: string): Promise<UploadSessionRow> {
    const row = await repo.find(actor.userId, id);
    if (!row) throw notFound('upload session');
    if (row.state === 'open' && row.expiresAt.getTime() <= now().getTime()) throw notFound('upload session (expired)');
    return row;
  }
  const notOpen = (row: UploadSessionRow): AppError => new AppError(Code.conflict, `the upload session is ${row.state}`);
  /** Chunk writes in flight on this instance, by `<session>:<index>`. */
  const inFlight = new Map<string, number>();
  const flightKey = (id: string, index: number) => `${id}:${index}`;
  const enter = (key: string) => inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  const leave = (key: string) => {
    const n = (inFlight.get(key) ?? 1) - 1;
    if (n > 0) inFlight.set(key, n);
    else inFlight.delete(key);
  };
  const running = new Map<string, RunningHash>();

  /** Feeds the recorded chunks that follow the running hash's position (in the background, one at a time). */
  function advance(row: UploadSessionRow, received: readonly number[], driver: FileDriver, identity: FileIdentity): void {
    let cursor = running.get(row.id);
    if (!cursor) {
      if (running.size >= maxRunningHashes) return;
      cursor = { hash: createHash('sha256'), next: 0, bytes: 0, held: new Set(), work: Promise.resolve(), failed: false };
      running.set(row.id, cursor);
    }
    const c = cursor;
    for (const index of received) c.held.add(index);
    const count = chunkCount(row.size, row.chunkSize);
    c.work = c.work
      .then(async () => {
        while (!c.failed && c.next < count && c.held.has(c.next) && !inFlight.has(flightKey(row.id, c.next))) {
          const { start, end } = chunkRange(c.next, row.size, row.chunkSize);
          await driver.hashPart(identity, row.targetPath, row.partId, start, end, c.hash);
          c.next++;
          c.bytes = end;
        }
      })
      .catch(() => {
        // the hash may hold part of a chunk: unusable, the completion reads the whole file
        c.failed = true;
        if (running.get(row.id) === c) running.delete(row.id);
      });
  }

  /** The running hash to continue at completion (undefined: read the whole file); forgotten either way. */
  async function takeRunning(id: string): Promise<{ bytes: number; hash: Hash } | undefined> {
    const c = running.get(id);
    running.delete(id);
    if (!c) return undefined;
    await c.work;
    return c.failed || c.bytes === 0 ? undefined : { bytes: c.bytes, hash: c.hash };
  }

  /** Removes a session's part; false when its storage is unreachable (the driver removes it once it is back, if it can find it). */
  const discard = async (row: UploadSessionRow): Promise<boolean> => {
    running.delete(row.id);
    return driverFor(row.storageId)
      .then((driver) => driver.discardPart({ account: row.account }, row.targetPath, row.partId))
      .then(
        (outcome) => outcome === 'removed',
        () => false,
      );
  };

  return {
    async create(actor: Actor, input: NewUploadSession, target: StorageTarget = {}): Promise<UploadSession> {
      const limit = settings.uploadMaxBytes;
      if (limit !== null && input.size > limit) throw tooLarge(limit);
      const { driver, identity, storageId, guard } = await at(actor, target);
      // the whole size is known now: a quota refuses it before the part file or any byte exists
      const replaced = input.overwrite ? await driver.stat(identity, input.path).then((e) => (e.type === 'file' ? e.size : 0), () => 0) : 0;
      await guard.reserve(Math.max(0, input.size - replaced));
      // checks the target (path, directory, 1409 when taken) before any session exists
      const partId = await driver.createPart(identity, input.path, { exclusive: !input.overwrite });
      const row = await repo.insert({
        id: randomBytes(18).toString('base64url'),
        userId: actor.userId,
        account: identity.account,
        targetPath: input.path,
        size: input.size,
        chunkSize: input.chunk_size,
        sha256: input.sha256 ?? null,
        overwrite: input.overwrite,
        partId,
        storageId,
        expiresAt: expiry(),
      });
      return toSession(row);
    },

    get: async (actor: Actor, id: string): Promise<UploadSession> => toSession(await openSession(actor, id)),

    async putChunk(actor: Actor, id: string, index: number, sha256: string | undefined, body: Readable): Promise<{ index: number; received: number }> {
      // in flight from before the session is read: the running hash waits for this write (see RunningHash)
      const key = flightKey(id, index);
      enter(key);
      let left = false;
      const done = () => {
        if (!left) leave(key);
        left = true;
      };
      try {
        const row = await openSession(actor, id);
        if (row.state !== 'open') throw notOpen(row);
        const count = chunkCount(row.size, row.chunkSize);
        if (index >= count) throw invalid('params.index', `chunk ${index} is out of range (the file has ${count} chunks)`);
        if (!sha256 || !/^[0-9a-fA-F]{64}$/.test(sha256)) throw invalid('headers.x-chunk-sha256', 'the chunk SHA-256 header is missing or not 64 hex digits');
        const { start, end } = chunkRange(index, row.size, row.chunkSize);
        const chunk = await readChunk(body, end - start);
        if (chunk.sha256 !== sha256.toLowerCase()) throw invalid('body', `chunk ${index} does not match its SHA-256: it was discarded, send it again`);
        const identity = await identityOf(actor);
        if (identity.account !== row.account) throw new AppError(Code.forbidden, 'the bound account changed since the upload began');
        const driver = await driverFor(row.storageId);
        // a recorded chunk was verified and made durable: a re-send (a retry whose reply was lost) is not written again
        if (!row.received.includes(index)) await driver.writePart(identity, row.targetPath, row.partId, start, chunk.bytes);
        const updated = await repo.addChunk(row.id, index, expiry());
        if (!updated) throw new AppError(Code.conflict, 'the upload session is no longer open');
        done();
        advance(updated, updated.received, driver, identity);
        return { index, received: updated.received.length };
      } finally {
        done();
      }
    },

    async complete(actor: Actor, id: string, sha256: string | undefined): Promise<FileEntry> {
      const row = await openSession(actor, id);
      if (row.state !== 'open') throw notOpen(row);
      if (row.sha256 && sha256 && row.sha256 !== sha256) throw invalid('body.sha256', 'the SHA-256 differs from the one the upload began with');
      const expected = row.sha256 ?? sha256;
      if (!expected) throw invalid('body.sha256', 'the whole-file SHA-256 is required');
      const missing = chunkCount(row.size, row.chunkSize) - new Set(row.received).size;
      if (missing > 0) throw invalid('received', `${missing} chunk(s) not received yet`);
      const identity = await identityOf(actor);
      if (identity.account !== row.account) throw new AppError(Code.forbidden, 'the bound account changed since the upload began');
      if (!(await repo.transition(row.id, 'open', 'completing'))) throw new AppError(Code.conflict, 'the upload is already being completed');
      try {
        // the bytes hashed while the chunks arrived are not read again: only the rest of the part is
        const hashed = await takeRunning(row.id);
        const { entry } = await (await driverFor(row.storageId)).commitPart(identity, row.targetPath, row.partId, { size: row.size, sha256: expected, exclusive: !row.overwrite, hashed });
        await repo.transition(row.id, 'completing', 'completed');
        changed(row.storageId, row.account);
        return entry;
      } catch (err) {
        // the driver has removed the part: nothing partial stays, and the session cannot be resumed
        await repo.transition(row.id, 'completing', 'failed');
        throw err;
      }
    },

    async abort(actor: Actor, id: string): Promise<UploadSession> {
      const row = await openSession(actor, id);
      const aborted = await repo.transition(row.id, 'open', 'aborted');
      if (!aborted) throw notOpen(row);
      await discard(row);
      return toSession(aborted);
    },

    /**
     * Removes expired open sessions and their part files (any instance may run it). A session whose storage
     * is unreachable stays open (expired: no chunk is taken) and is swept again next time, so its part is
     * removed even when this instance restarts before the storage is back.
     */
    async sweepExpired(): Promise<number> {
      let removed = 0;
      for (const row of await repo.expired(now())) {
        if (!(await repo.transition(row.id, 'open', 'aborted'))) continue;
        if (await discard(row)) removed++;
        else await repo.transition(row.id, 'aborted', 'open');
      }
      return removed;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
