import { errnoOf } from './errors';
import type { OpenSession } from './raw-fs';

/**
 * Temporary files (a streamed write's, an upload session's part) whose removal failed because the file
 * server went away with the upload that made them (issue 26: a 32 MB part stayed on the storage). They are
 * removed on a fresh session as soon as the server answers again: retried with a growing delay (1 s, 2 s,
 * 4 s … at most `maxDelayMs`) for `giveUpMs`. This lives in memory: after a restart, the listing sweep
 * (core/list-dir.ts, a streamed write's file untouched for an hour) and the upload sessions' expiry sweep
 * (modules/storage) remove what is left.
 */
export interface Leftovers {
  /** Removes `path` now; when the server is unreachable, later (and resolves once that is arranged). */
  remove(account: string, path: string, removeNow: () => Promise<void>): Promise<'removed' | 'later'>;
  close(): void;
}

/** Errors that say the server, not the file, is the problem: worth trying again later. */
const unreachable = new Set(['ENOTCONN', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

export interface LeftoverTiming {
  firstDelayMs?: number;
  maxDelayMs?: number;
  giveUpMs?: number;
}

export function createLeftovers(openSession: OpenSession, { firstDelayMs = 1000, maxDelayMs = 30_000, giveUpMs = 3600_000 }: LeftoverTiming = {}): Leftovers {
  const waiting = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const retry = (account: string, path: string, delayMs: number, deadline: number): void => {
    if (closed || Date.now() > deadline) return void waiting.delete(path);
    const timer = setTimeout(() => {
      void (async () => {
        try {
          const session = await openSession(account);
          try {
            await session.fs.unlink(path);
          } finally {
            session.release();
          }
          waiting.delete(path);
        } catch (err) {
          if (errnoOf(err) === 'ENOENT') return void waiting.delete(path);
          retry(account, path, Math.min(delayMs * 2, maxDelayMs), deadline);
        }
      })();
    }, delayMs);
    timer.unref(); // a removal waiting for its server must not keep the process alive
    waiting.set(path, timer);
  };

  return {
    async remove(account, path, removeNow) {
      try {
        await removeNow();
        return 'removed';
      } catch (err) {
        const code = errnoOf(err);
        if (code === 'ENOENT') return 'removed';
        if (code === undefined || !unreachable.has(code)) throw err;
        if (waiting.has(path)) return 'later';
        retry(account, path, firstDelayMs, Date.now() + giveUpMs);
        return 'later';
      }
    },
    close() {
      closed = true;
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
