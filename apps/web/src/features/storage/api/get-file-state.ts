import { fileStateSchema, type FileState } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

/** Whether an entry exists (spec §7: GET /storage/state with cross=2). */
export async function getFileState(file: string): Promise<FileState> {
  return fileStateSchema.parse(await apiSpec('/storage/state', { query: { file, cross: 2, ...targetQuery() } }));
}
