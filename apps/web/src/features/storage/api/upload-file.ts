import { fileEntrySchema, type FileEntry } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

/** Spec §7 PUT /storage/upload: a small file in one request, its checksum verified by the server. */
export async function uploadFile(path: string, body: Blob, sha256: string, overwrite: boolean): Promise<FileEntry> {
  const spec = await apiSpec('/storage/upload', {
    method: 'PUT',
    query: { path, sha256, overwrite: overwrite ? 'true' : '', ...targetQuery() },
    body: body.slice(0, body.size, 'application/octet-stream'),
    timeoutMs: null,
    timeoutHeader: 3600,
    silent: true,
  });
  return fileEntrySchema.parse(spec);
}
