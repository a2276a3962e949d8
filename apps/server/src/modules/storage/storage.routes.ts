import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  copyInputSchema,
  dirInfoQuerySchema,
  dirInfoSchema,
  downloadQuerySchema,
  fileEntrySchema,
  fileStateQuerySchema,
  fileStateSchema,
  mkdirInputSchema,
  removeQuerySchema,
  removeResultSchema,
  renameInputSchema,
  uploadQuerySchema,
  userStoragePathSchema,
  viewQuerySchema,
} from '@starlight/contract/storage';
import { storageTargetQuerySchema } from '@starlight/contract/cluster-storage';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { FilesService } from './files.service';
import { contentDisposition, previewHeaders } from './preview';
import { rawBodyOf, receiveUpload } from './raw-body';
import { parseRange, unsatisfiable } from './range';
import { target, targetOf } from './storage-target';
import type { UploadSlots } from './upload-slots';

const tags = ['storage'];
/** Streamed replies: only the failure envelopes are JSON. */
const failures = { '4xx': z.unknown(), '5xx': z.unknown() };
/**
 * Any logged-in caller may ask; the service answers 1403 'bind a system account first' without a
 * bound account (more useful than the plugin's plain 'permission denied' for binded_account).
 */
const perms = { perms: [] };

/** Spec §7 Storage, exactly, and in the same style mkdir, rename, copy, delete and download. */
export const storageRoutes: FastifyPluginAsyncZod<{ files: FilesService; slots: UploadSlots }> = async (app, { files, slots }) => {
  app.get(
    '/storage/user_storage_path',
    { config: perms, schema: { tags, summary: "The bound account's home", querystring: storageTargetQuerySchema, response: replies(userStoragePathSchema) } },
    async (request) => ok(request.id, 'storage_path', await files.home(actorOf(request), targetOf(request.query))),
  );

  app.get(
    '/storage/dir_info',
    {
      config: perms,
      schema: { tags, summary: 'One sorted, filtered page of a directory (11502 missing, 1201 not readable)', querystring: dirInfoQuerySchema.extend(target), response: replies(dirInfoSchema) },
    },
    async (request) => ok(request.id, 'dir_info', await files.list(actorOf(request), request.query, targetOf(request.query))),
  );

  app.get(
    '/storage/state',
    { config: perms, schema: { tags, summary: 'Whether an entry exists, and its details', querystring: fileStateQuerySchema.extend(target), response: replies(fileStateSchema) } },
    async (request) => ok(request.id, 'state', await files.state(actorOf(request), request.query.file, targetOf(request.query))),
  );

  app.get(
    '/storage/view',
    { config: perms, schema: { tags, summary: 'Preview: UTF-8 text, PNG/JPEG/GIF/WebP, PDF; shown inline, never executed', querystring: viewQuerySchema.extend(target), response: failures } },
    async (request, reply) => {
      const preview = await files.preview(actorOf(request), request.query.type, request.query.file, targetOf(request.query));
      reply.headers({ ...previewHeaders(preview.contentType, preview.name), 'content-length': String(preview.size) });
      return reply.send(preview.body);
    },
  );

  app.put(
    '/storage/upload',
    { config: perms, schema: { tags, summary: 'Upload one file as the raw body (application/octet-stream), streamed to disk', querystring: uploadQuerySchema.extend(target), response: replies(fileEntrySchema) } },
    async (request) => {
      const length = request.headers['content-length'] ? Number(request.headers['content-length']) : null;
      const actor = actorOf(request);
      const entry = await receiveUpload(request, slots, actor.userId, () => files.upload(actor, request.query, rawBodyOf(request), length, targetOf(request.query)));
      return ok(request.id, 'file', entry);
    },
  );

  app.post(
    '/storage/mkdir',
    { config: perms, schema: { tags, summary: 'Create a directory', querystring: storageTargetQuerySchema, body: mkdirInputSchema, response: replies(fileEntrySchema) } },
    async (request) => ok(request.id, 'file', await files.mkdir(actorOf(request), request.body, targetOf(request.query))),
  );

  app.post(
    '/storage/rename',
    { config: perms, schema: { tags, summary: 'Rename or move an entry (1409 when the target exists)', querystring: storageTargetQuerySchema, body: renameInputSchema, response: replies(fileEntrySchema) } },
    async (request) => ok(request.id, 'file', await files.rename(actorOf(request), request.body, targetOf(request.query))),
  );

  app.post(
    '/storage/copy',
    { config: perms, schema: { tags, summary: 'Copy a file or a directory tree (appears whole or not at all)', querystring: storageTargetQuerySchema, body: copyInputSchema, response: replies(fileEntrySchema) } },
    async (request) => ok(request.id, 'file', await files.copy(actorOf(request), request.body, targetOf(request.query))),
  );

  app.delete(
    '/storage/file',
    { config: perms, schema: { tags, summary: 'Move an entry to .trash (inside .trash, or permanent: delete)', querystring: removeQuerySchema.extend(target), response: replies(removeResultSchema) } },
    async (request) => ok(request.id, 'removed', await files.remove(actorOf(request), request.query.path, request.query.permanent, targetOf(request.query))),
  );

  app.get(
    '/storage/download',
    { config: perms, schema: { tags, summary: 'Download a file (HTTP Range → 206) or a directory as a tar', querystring: downloadQuerySchema.extend(target), response: failures } },
    async (request, reply) => {
      const header = request.headers.range;
      const range = header ? parseRange(header) : undefined;
      const download = await files.download(actorOf(request), request.query.path, range ?? undefined, targetOf(request.query)).catch((err: unknown) => {
        if (range && unsatisfiable(err)) return null;
        throw err;
      });
      if (download === null) return reply.status(416).header('content-range', 'bytes */*').send();
      reply.headers({ 'content-disposition': contentDisposition('attachment', download.name), 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
      if (download.kind === 'tar') return reply.type('application/x-tar').send(download.stream);
      reply.type('application/octet-stream').header('accept-ranges', 'bytes').header('content-length', String(download.end - download.start + 1));
      if (download.partial) reply.status(206).header('content-range', `bytes ${download.start}-${download.end}/${download.size}`);
      return reply.send(download.stream);
    },
  );
};
