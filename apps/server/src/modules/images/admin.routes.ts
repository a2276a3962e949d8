import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSchema, pageQuerySchema } from '@starlight/contract/envelope';
import {
  gcResultSchema,
  idParamsSchema,
  quotaListQuerySchema,
  quotaSchema,
  quotaSetSchema,
  registryCreateSchema,
  registryPatchSchema,
  registrySchema,
  userUsageSchema,
} from '@starlight/contract/images';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AdminService } from './admin.service';

const admin = { perms: ['dchub-basic-admin'] as const };
/** Read by the bound users' pages and by the admin pages that need no binding (user-resource, image-label). */
const readRegistries = { perms: ['binded_account', 'dchub-basic-admin', 'manage_label'] as const };
const tags = ['images'];

/** /image-center/image-manage and user-resource: registries, quotas, garbage collection, per-user usage. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin: service }) => {
  app.get('/image/registry', { config: readRegistries, schema: { tags, summary: 'Configured registries', response: replies(listSchema(registrySchema)) } }, async (request) =>
    ok(request.id, 'image_registry', await service.registries()),
  );
  app.post('/image/registry', { config: admin, schema: { tags, summary: 'Add a registry', body: registryCreateSchema, response: replies(registrySchema) } }, async (request) =>
    ok(request.id, 'image_registry', await service.createRegistry(actorOf(request), request.body)),
  );
  app.patch(
    '/image/registry/:id',
    { config: admin, schema: { tags, summary: 'Change a registry', params: idParamsSchema, body: registryPatchSchema, response: replies(registrySchema) } },
    async (request) => ok(request.id, 'image_registry', await service.updateRegistry(actorOf(request), request.params.id, request.body)),
  );
  app.delete('/image/registry/:id', { config: admin, schema: { tags, summary: 'Remove a registry from the console', params: idParamsSchema, response: replies(z.null()) } }, async (request) =>
    ok(request.id, 'image_registry', (await service.removeRegistry(actorOf(request), request.params.id)) ?? null),
  );
  app.post(
    '/image/registry/:id/gc',
    { config: admin, schema: { tags, summary: "Run the registry's garbage-collect, then recompute usage", params: idParamsSchema, response: replies(gcResultSchema) } },
    async (request) => ok(request.id, 'image_gc', await service.garbageCollect(actorOf(request), request.params.id)),
  );
  app.get('/image/quota', { config: admin, schema: { tags, summary: 'Namespace quotas and usage', querystring: quotaListQuerySchema, response: replies(listSchema(quotaSchema)) } }, async (request) =>
    ok(request.id, 'image_quota', await service.quotas(request.query)),
  );
  app.put('/image/quota', { config: admin, schema: { tags, summary: 'Set a namespace quota (bytes; 0 = none)', body: quotaSetSchema, response: replies(quotaSchema) } }, async (request) =>
    ok(request.id, 'image_quota', await service.setQuota(actorOf(request), request.body)),
  );
  app.get('/image/usage', { config: admin, schema: { tags, summary: 'Per-user image usage and CLI secrets', querystring: pageQuerySchema, response: replies(listSchema(userUsageSchema)) } }, async (request) =>
    ok(request.id, 'image_usage', await service.usage(request.query)),
  );
};
