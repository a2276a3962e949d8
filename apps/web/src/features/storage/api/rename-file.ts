import { fileEntrySchema, type FileEntry, type RenameInput } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';

export async function renameFile(input: RenameInput): Promise<FileEntry> {
  return fileEntrySchema.parse(await apiSpec('/storage/rename', { method: 'POST', body: input }));
}
