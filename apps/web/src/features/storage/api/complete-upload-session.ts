import { fileEntrySchema, type FileEntry } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';

export async function completeUploadSession(id: string, sha256: string): Promise<FileEntry> {
  const spec = await apiSpec(`/storage/upload_session/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    body: { sha256 },
    timeoutMs: null,
    timeoutHeader: 3600,
    silent: true,
  });
  return fileEntrySchema.parse(spec);
}
