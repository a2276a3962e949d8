import { create } from 'zustand';
import { isApiError } from '../../../lib/api-error';
import { completeUploadSession } from '../api/complete-upload-session';
import { createUploadSession } from '../api/create-upload-session';
import { getUploadSession } from '../api/get-upload-session';
import { putUploadChunk } from '../api/put-upload-chunk';
import { uploadFile } from '../api/upload-file';
import { runUpload, type UploadDeps, type UploadTask } from './run-upload';
import { targetKey, useStorageTarget } from '../storage-target';
import { sha256Hex } from './sha256';
import { quotaExceededReason, quotaExpiredReason } from '@starlight/contract/cluster-storage';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error';

export interface UploadItem {
  key: number;
  name: string;
  target: string;
  size: number;
  sent: number;
  hashed: number;
  status: UploadStatus;
  resumed: boolean;
  /** The server's code and message when it failed (1409: the name is taken). */
  errorCode?: number;
  /** Refused by a storage quota (1409 with reason storage-quota-*), not because the name is taken. */
  quota?: boolean;
  error?: string;
  overwrite: boolean;
}

interface UploadState {
  items: UploadItem[];
  enqueue(files: { file: UploadTask['file']; target: string }[]): void;
  /** Runs a failed upload again, replacing the existing file when `overwrite`. */
  retry(key: number, overwrite: boolean): void;
  clearFinished(): void;
}

export const apiUploadDeps: UploadDeps = {
  createSession: createUploadSession,
  getSession: getUploadSession,
  putChunk: putUploadChunk,
  complete: completeUploadSession,
  chunkSha256: sha256Hex,
  uploadSmall: uploadFile,
};

/** Files uploaded at once; each sends three chunks in parallel. */
const parallelFiles = 2;
const files = new Map<number, UploadTask['file']>();
const listeners = new Set<(target: string) => void>();
let nextKey = 1;

/** Called with each finished target (the listing refreshes its directory). */
export function onUploaded(listener: (target: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useUploadStore = create<UploadState>((set, get) => {
  const patch = (key: number, change: Partial<UploadItem>) =>
    set((state) => ({ items: state.items.map((item) => (item.key === key ? { ...item, ...change } : item)) }));

  const pump = (): void => {
    const { items } = get();
    const running = items.filter((i) => i.status === 'uploading').length;
    for (const item of items.filter((i) => i.status === 'queued').slice(0, Math.max(0, parallelFiles - running))) void start(item);
  };

  const start = async (item: UploadItem): Promise<void> => {
    const file = files.get(item.key);
    if (!file) return;
    patch(item.key, { status: 'uploading', error: undefined, errorCode: undefined, quota: false });
    try {
      await runUpload({ file, target: item.target, overwrite: item.overwrite, scope: targetKey(useStorageTarget.getState().target) }, apiUploadDeps, (p) => patch(item.key, p));
      patch(item.key, { status: 'done', sent: item.size });
      files.delete(item.key);
      for (const listener of listeners) listener(item.target);
    } catch (error) {
      patch(item.key, {
        status: 'error',
        error: isApiError(error) ? error.info : String(error),
        errorCode: isApiError(error) ? error.code : undefined,
        // 1409 is also a storage quota's refusal: replacing the file would not help there
        quota: isApiError(error) && isQuotaRefusal(error.spec),
      });
    }
    pump();
  };

  return {
    items: [],
    enqueue(list) {
      const added = list.map(({ file, target }): UploadItem => {
        const key = nextKey++;
        files.set(key, file);
        return { key, name: file.name, target, size: file.size, sent: 0, hashed: 0, status: 'queued', resumed: false, overwrite: false };
      });
      set((state) => ({ items: [...state.items, ...added] }));
      pump();
    },
    retry(key, overwrite) {
      patch(key, { status: 'queued', overwrite, sent: 0, hashed: 0 });
      pump();
    },
    clearFinished() {
      set((state) => ({ items: state.items.filter((i) => i.status !== 'done') }));
    },
  };
});

/** The server's quota refusals carry spec.reason (contract cluster-storage). */
export function isQuotaRefusal(spec: unknown): boolean {
  const reason = typeof spec === 'object' && spec !== null ? (spec as { reason?: unknown }).reason : undefined;
  return reason === quotaExceededReason || reason === quotaExpiredReason;
}
