import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rawBodyOf, receiveUpload } from './raw-body';
import {
  chunkSha256Header,
  fileEntrySchema,
  uploadChunkParamsSchema,
  uploadChunkResultSchema,
  uploadCompleteInputSchema,
  uploadSessionInputSchema,
  uploadSessionParamsSchema,
  uploadSessionSchema,
} from '@starlight/contract/storage';
import { storageTargetQuerySchema } from '@starlight/contract/cluster-storage';
import { ok, replies } from '../../lib/envelope';
import { targetOf } from './storage-target';
import { actorOf } from '../../plugins/auth';
import type { UploadsService } from './uploads.service';
import type { UploadSlots } from './upload-slots';

const tags = ['storage'];
const perms = { perms: [] };
const chunkHeader = chunkSha256Header.toLowerCase();

/** Chunked, resumable uploads: create, send chunks (any order, in parallel), ask what arrived, complete. */
export const uploadSessionsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; slots: UploadSlots }> = async (app, { uploads, slots }) => {
  app.post(
    '/storage/upload_session',
    { config: perms, schema: { tags, summary: 'Begin a chunked upload (1409 when the target exists, unless overwrite)', querystring: storageTargetQuerySchema, body: uploadSessionInputSchema, response: replies(uploadSessionSchema) } },
    async (request) => ok(request.id, 'upload_session', await uploads.create(actorOf(request), request.body, targetOf(request.query))),
  );

  app.get(
    '/storage/upload_session/:id',
    { config: perms, schema: { tags, summary: 'The chunks received so far (a reloaded browser resumes from them)', params: uploadSessionParamsSchema, response: replies(uploadSessionSchema) } },
    async (request) => ok(request.id, 'upload_session', await uploads.get(actorOf(request), request.params.id)),
  );

  app.put(
    '/storage/upload_session/:id/chunk/:index',
    {
      config: perms,
      schema: { tags, summary: `One chunk as the raw body, with its SHA-256 in ${chunkSha256Header}`, params: uploadChunkParamsSchema, response: replies(uploadChunkResultSchema) },
    },
    async (request) => {
      const sha = request.headers[chunkHeader];
      const actor = actorOf(request);
      const result = await receiveUpload(request, slots, actor.userId, () => uploads.putChunk(actor, request.params.id, request.params.index, typeof sha === 'string' ? sha : undefined, rawBodyOf(request)));
      return ok(request.id, 'chunk', result);
    },
  );

  app.post(
    '/storage/upload_session/:id/complete',
    { config: perms, schema: { tags, summary: 'Verify the whole file and make it appear under its name', params: uploadSessionParamsSchema, body: uploadCompleteInputSchema, response: replies(fileEntrySchema) } },
    async (request) => ok(request.id, 'file', await uploads.complete(actorOf(request), request.params.id, request.body.sha256)),
  );

  app.delete(
    '/storage/upload_session/:id',
    { config: perms, schema: { tags, summary: 'Abandon an upload and remove its part file', params: uploadSessionParamsSchema, response: replies(uploadSessionSchema) } },
    async (request) => ok(request.id, 'upload_session', await uploads.abort(actorOf(request), request.params.id)),
  );
};
