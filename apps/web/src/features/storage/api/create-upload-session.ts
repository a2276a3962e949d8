import { uploadSessionSchema, type UploadSession, type UploadSessionInput } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

export async function createUploadSession(input: UploadSessionInput): Promise<UploadSession> {
  return uploadSessionSchema.parse(await apiSpec('/storage/upload_session', { method: 'POST', query: targetQuery(), body: input, silent: true }));
}
