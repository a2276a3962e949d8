import { fileEntrySchema, type FileEntry, type MkdirInput } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

export async function makeDirectory(input: MkdirInput): Promise<FileEntry> {
  return fileEntrySchema.parse(await apiSpec('/storage/mkdir', { method: 'POST', query: targetQuery(), body: input }));
}
