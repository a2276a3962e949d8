import { fileEntrySchema, type CopyInput, type FileEntry } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';

export async function copyFile(input: CopyInput): Promise<FileEntry> {
  return fileEntrySchema.parse(await apiSpec('/storage/copy', { method: 'POST', body: input, timeoutHeader: 3600, timeoutMs: null }));
}
