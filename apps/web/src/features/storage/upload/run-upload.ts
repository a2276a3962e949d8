import { defaultChunkSize, type FileEntry, type UploadSession, type UploadSessionInput } from '@starlight/contract/storage';
import { isApiError } from '../../../lib/api-error';
import { bytesReceived, chunksToSend, resumeKey, runLimited } from './chunk-plan';
import { forgetUpload, recallUpload, rememberUpload } from './resume-store';
import { Sha256 } from './sha256';

/** What one upload needs from the outside world; the tests hand in fakes. */
export interface UploadDeps {
  createSession(input: UploadSessionInput): Promise<UploadSession>;
  getSession(id: string): Promise<UploadSession>;
  putChunk(id: string, index: number, bytes: ArrayBuffer, sha256: string, signal?: AbortSignal): Promise<void>;
  complete(id: string, sha256: string): Promise<FileEntry>;
  chunkSha256(bytes: ArrayBuffer): Promise<string>;
  /** Files up to `smallFileBytes` go in one request (nothing to resume). */
  uploadSmall(target: string, file: Blob, sha256: string, overwrite: boolean): Promise<FileEntry>;
}

export const smallFileBytes = 1024 * 1024;

export interface UploadTask {
  file: Blob & { name: string; lastModified: number };
  /** Home-relative target path. */
  target: string;
  /** The storage the target lives on (targetKey); a remembered upload resumes only on the same one. */
  scope?: string;
  overwrite?: boolean;
  chunkSize?: number;
  /** Chunks in flight at once. */
  parallel?: number;
  signal?: AbortSignal;
}

export interface UploadProgress {
  /** Bytes the server holds. */
  sent: number;
  /** Bytes hashed for the whole-file checksum. */
  hashed: number;
  resumed: boolean;
}

const sliceBytes = 8 * 1024 * 1024;
const attempts = 3;

/** The whole file's SHA-256, slice by slice, yielding between slices so the page stays responsive. */
export async function hashFile(file: Blob, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<string> {
  const hash = new Sha256();
  for (let start = 0; start < file.size; start += sliceBytes) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    hash.update(new Uint8Array(await file.slice(start, start + sliceBytes).arrayBuffer()));
    onProgress(Math.min(file.size, start + sliceBytes));
  }
  return hash.hex();
}

async function openSession(task: UploadTask, deps: UploadDeps, key: string): Promise<{ session: UploadSession; resumed: boolean }> {
  const remembered = recallUpload(key);
  if (remembered) {
    try {
      const session = await deps.getSession(remembered.id);
      if (session.state === 'open') return { session, resumed: true };
    } catch {
      // expired or gone: start again
    }
    forgetUpload(key);
  }
  const session = await deps.createSession({
    path: task.target,
    size: task.file.size,
    chunk_size: task.chunkSize ?? defaultChunkSize,
    overwrite: task.overwrite ?? false,
  });
  rememberUpload(key, { id: session.id, name: task.file.name, target: task.target, size: task.file.size, savedAt: Date.now() });
  return { session, resumed: false };
}

/** Retries a chunk on transport failures (network blips); a refusal from the server is final. */
async function withRetry(work: () => Promise<void>, signal?: AbortSignal): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const transient = isApiError(error) && error.transport && !error.aborted;
      if (!transient || attempt >= attempts || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/**
 * One file: a session (resumed when this browser began the same file on the same target), the
 * missing chunks in parallel each with its own SHA-256, the whole-file SHA-256 computed alongside,
 * then completion, which the server verifies before the file appears.
 */
export async function runUpload(task: UploadTask, deps: UploadDeps, onProgress: (progress: UploadProgress) => void): Promise<FileEntry> {
  if (task.file.size <= smallFileBytes) {
    const sha = await deps.chunkSha256(await task.file.arrayBuffer());
    const entry = await deps.uploadSmall(task.target, task.file, sha, task.overwrite ?? false);
    onProgress({ sent: task.file.size, hashed: task.file.size, resumed: false });
    return entry;
  }
  const key = resumeKey(task.scope ? `${task.scope}\u0000${task.target}` : task.target, task.file.size, task.file.lastModified);
  const { session, resumed } = await openSession(task, deps, key);
  const progress: UploadProgress = { sent: bytesReceived(session.size, session.chunk_size, session.received), hashed: 0, resumed };
  onProgress({ ...progress });

  const whole = hashFile(task.file, (hashed) => onProgress({ ...progress, hashed: (progress.hashed = hashed) }), task.signal);
  whole.catch(() => undefined); // awaited below; a chunk failure must not leave it unhandled
  await runLimited(chunksToSend(session.size, session.chunk_size, session.received), task.parallel ?? 3, async (chunk) => {
    const bytes = await task.file.slice(chunk.start, chunk.end).arrayBuffer();
    const sha = await deps.chunkSha256(bytes);
    await withRetry(() => deps.putChunk(session.id, chunk.index, bytes, sha, task.signal), task.signal);
    progress.sent += chunk.end - chunk.start;
    onProgress({ ...progress });
  });
  try {
    const entry = await deps.complete(session.id, await whole);
    forgetUpload(key);
    return entry;
  } catch (error) {
    // a refusal at the end (checksum, 1409) removed the server's part: that session cannot be resumed
    const after = await deps.getSession(session.id).catch(() => null);
    if (!after || after.state !== 'open') forgetUpload(key);
    throw error;
  }
}
