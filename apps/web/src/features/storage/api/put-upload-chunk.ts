import { chunkSha256Header } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';

export async function putUploadChunk(id: string, index: number, bytes: ArrayBuffer, sha256: string, signal?: AbortSignal): Promise<void> {
  await apiSpec(`/storage/upload_session/${encodeURIComponent(id)}/chunk/${index}`, {
    method: 'PUT',
    body: new Blob([bytes], { type: 'application/octet-stream' }),
    headers: { [chunkSha256Header]: sha256 },
    timeoutMs: null,
    timeoutHeader: 3600,
    silent: true,
    signal,
  });
}
