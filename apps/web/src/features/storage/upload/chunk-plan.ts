import { chunkCount, chunkRange } from '@starlight/contract/storage';

/** Pure planning of a chunked upload: what is left to send, and how far along it is. */

export interface ChunkPlan {
  index: number;
  start: number;
  end: number;
}

/** Every chunk of a file the server does not hold yet, in order. */
export function chunksToSend(size: number, chunkSize: number, received: readonly number[] = []): ChunkPlan[] {
  const have = new Set(received);
  const out: ChunkPlan[] = [];
  for (let index = 0; index < chunkCount(size, chunkSize); index++) if (!have.has(index)) out.push({ index, ...chunkRange(index, size, chunkSize) });
  return out;
}

/** Bytes the server holds, from its list of received chunks. */
export function bytesReceived(size: number, chunkSize: number, received: readonly number[]): number {
  let total = 0;
  for (const index of new Set(received)) {
    const { start, end } = chunkRange(index, size, chunkSize);
    if (start < size) total += end - start;
  }
  return total;
}

/** 0–100, whole numbers; an empty file is done when it is done. */
export function percent(done: number, total: number): number {
  if (total <= 0) return done >= total ? 100 : 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** Overall progress of several uploads, weighted by size. */
export function overallPercent(items: readonly { size: number; sent: number }[]): number {
  const size = items.reduce((sum, item) => sum + item.size, 0);
  const sent = items.reduce((sum, item) => sum + Math.min(item.sent, item.size), 0);
  return percent(sent, size);
}

/** The key a resumable upload is remembered by: the same file dropped on the same target again. */
export function resumeKey(target: string, size: number, lastModified: number): string {
  return `${target}\u0000${size}\u0000${lastModified}`;
}

/** Runs `work` over `items` with at most `limit` at once; the first failure stops new work and rejects. */
export async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
