import { fileEntrySchema, type CopyInput, type FileEntry } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

export async function copyFile(input: CopyInput): Promise<FileEntry> {
  return fileEntrySchema.parse(await apiSpec('/storage/copy', { method: 'POST', query: targetQuery(), body: input, timeoutHeader: 3600, timeoutMs: null }));
}
