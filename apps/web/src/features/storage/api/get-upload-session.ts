import { uploadSessionSchema, type UploadSession } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';

/** What the server holds of an upload (a reloaded browser resumes from `received`). */
export async function getUploadSession(id: string): Promise<UploadSession> {
  return uploadSessionSchema.parse(await apiSpec(`/storage/upload_session/${encodeURIComponent(id)}`, { silent: true }));
}
