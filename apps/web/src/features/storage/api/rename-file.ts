import { fileEntrySchema, type FileEntry, type RenameInput } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

export async function renameFile(input: RenameInput): Promise<FileEntry> {
  return fileEntrySchema.parse(await apiSpec('/storage/rename', { method: 'POST', query: targetQuery(), body: input }));
}
