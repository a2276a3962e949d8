import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';

export const tooManyUploadsReason = 'too-many-uploads';

/**
 * Upload bodies one user may be sending at once on this instance (PUT /storage/upload and chunks
 * together). Each holds a socket, a part file and a file-server connection until it ends or its body
 * idles out (plugins/timeouts.ts), so one user's stalled or endless uploads cannot take the server's.
 * Beyond the limit: 1429 naming it, before a byte is read (the connection is then closed).
 */
export function createUploadSlots(limit: number) {
  const held = new Map<number, number>();
  let waiting: (() => void)[] = [];
  return {
    async hold<T>(userId: number, upload: () => Promise<T>): Promise<T> {
      const taken = held.get(userId) ?? 0;
      if (taken >= limit)
        throw new AppError(Code.rateLimited, `at most ${limit} uploads of one user at once (STARLIGHT_UPLOAD_MAX_CONCURRENT_PER_USER): wait for one to end`, {
          reason: tooManyUploadsReason,
          limit,
        });
      held.set(userId, taken + 1);
      try {
        return await upload();
      } finally {
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
        if (held.size === 0) {
          for (const resolve of waiting) resolve();
          waiting = [];
        }
      }
    },
    /**
     * Resolves once no upload body is in progress (each has removed its temporary file or kept its file):
     * shutdown waits for it, so the process does not exit between a failed upload and its clean-up.
     */
    idle: (): Promise<void> => (held.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => void waiting.push(resolve))),
    /** Upload bodies in progress for a user (tests, metrics). */
    of: (userId: number): number => held.get(userId) ?? 0,
  };
}

export type UploadSlots = ReturnType<typeof createUploadSlots>;
