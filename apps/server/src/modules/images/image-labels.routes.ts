import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '@starlight/contract/codes';
import { listSchema } from '@starlight/contract/envelope';
import { imageLabelRelationBodySchema, imageLabelRelationQuerySchema, imageLabelRelationSchema, proxyAvailableResultSchema, proxyAvailableSchema } from '@starlight/contract/images';
import { AppError, notFound } from '../../lib/app-error';
import { ok, replies } from '../../lib/envelope';
import type { ImagesRepo } from './images.repo';

const read = { perms: [] as const };
const write = { perms: ['manage_label'] as const };
const tags = ['labels'];
const proxyTimeoutMs = 10_000;

/** Spec §7: label relations on images, and whether a registry (proxy) address answers. */
export const imageLabelRoutes: FastifyPluginAsyncZod<{ repo: ImagesRepo }> = async (app, { repo }) => {
  app.get(
    '/label/relation/image',
    { config: read, schema: { tags, summary: 'Labels on images', querystring: imageLabelRelationQuerySchema, response: replies(listSchema(imageLabelRelationSchema)) } },
    async (request) => {
      const query = request.query;
      const { list, total } = await repo.labelRelations({ labelId: query.label_id, registryId: query.registry_id, image: query.image }, query.page_size, (query.page - 1) * query.page_size);
      return ok(request.id, 'label_relation', { list: list.map((row) => ({ id: row.id, label_id: row.labelId, label_name: row.labelName, registry_id: row.registryId, image: row.image })), total });
    },
  );
  app.post(
    '/label/relation/image',
    { config: write, schema: { tags, summary: 'Put a label on an image', body: imageLabelRelationBodySchema, response: replies(z.object({ created: z.boolean() })) } },
    async (request) => {
      const { label_id, registry_id, image } = request.body;
      if (!(await repo.labelExists(label_id))) throw new AppError(Code.invalidInput, 'unknown label', { fields: [{ path: 'body.label_id', message: 'no such label' }] });
      if (!(await repo.registry(registry_id))) throw new AppError(Code.invalidInput, 'unknown registry', { fields: [{ path: 'body.registry_id', message: 'no such registry' }] });
      const row = await repo.addLabelRelation(label_id, registry_id, image);
      return ok(request.id, 'label_relation', { created: row !== null });
    },
  );
  app.delete(
    '/label/relation/image',
    { config: write, schema: { tags, summary: 'Take a label off an image', body: imageLabelRelationBodySchema, response: replies(z.null()) } },
    async (request) => {
      const { label_id, registry_id, image } = request.body;
      if (!(await repo.deleteLabelRelation(label_id, registry_id, image))) throw notFound('label relation');
      return ok(request.id, 'label_relation', null);
    },
  );
  // an administrator checks a registry (proxy) address before using it; not open to everyone, or it would probe the network
  app.post(
    '/label/proxy/available',
    { config: { perms: ['manage_label', 'dchub-basic-admin'] as const }, schema: { tags, summary: 'Whether a registry address answers (10 s)', body: proxyAvailableSchema, response: replies(proxyAvailableResultSchema) } },
    async (request) => {
      const address = /^https?:\/\//.test(request.body.address) ? request.body.address : `https://${request.body.address}`;
      let url: URL;
      try {
        url = new URL('/v2/', address);
      } catch {
        throw new AppError(Code.invalidInput, 'invalid address', { fields: [{ path: 'body.address', message: 'a host, host:port or URL' }] });
      }
      const started = Date.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(proxyTimeoutMs), redirect: 'manual' });
        await response.body?.cancel();
        // a registry answers /v2/ with 200 or 401 (a challenge); anything else is not one
        return ok(request.id, 'proxy', { available: response.status === 200 || response.status === 401, status: response.status, ms: Date.now() - started });
      } catch {
        return ok(request.id, 'proxy', { available: false, status: null, ms: Date.now() - started });
      }
    },
  );
};
