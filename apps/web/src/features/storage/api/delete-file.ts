import { removeResultSchema } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

/** Moves the entry to .trash in the home (recoverable); returns where it went. */
export async function deleteFile(path: string): Promise<string | null> {
  return removeResultSchema.parse(await apiSpec('/storage/file', { method: 'DELETE', query: { path, ...targetQuery() } })).trash_path;
}
