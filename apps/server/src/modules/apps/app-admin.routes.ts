import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appLabelRelationQuerySchema,
  appLabelRelationRowSchema,
  appLabelRelationSchema,
  appParamIdSchema,
  appParamSaveSchema,
  appParamSchema,
} from '@starlight/contract/apps';
import { listSchema } from '@starlight/contract/envelope';
import { ok, replies } from '../../lib/envelope';
import type { AppAdminService } from './app-admin.service';

/** /app/app-params (query_partitions_admin) and the spec's label relation calls for apps (§7). */
export const appAdminRoutes: FastifyPluginAsyncZod<{ admin: AppAdminService }> = async (app, { admin }) => {
  const params = { perms: ['query_partitions_admin'] as const };
  app.get('/app/params', { config: params, schema: { tags: ['apps'], summary: 'App resource defaults and limits per partition', response: replies(listSchema(appParamSchema)) } }, async (request) =>
    ok(request.id, 'app_param', await admin.params()),
  );
  app.post('/app/params', { config: params, schema: { tags: ['apps'], summary: 'Set the defaults and limits of one partition', body: appParamSaveSchema, response: replies(appParamSchema) } }, async (request) =>
    ok(request.id, 'app_param', await admin.saveParam(request.body)),
  );
  app.delete('/app/params/:id', { config: params, schema: { tags: ['apps'], summary: 'Remove one partition’s settings', params: appParamIdSchema, response: replies(z.null()) } }, async (request) =>
    ok(request.id, 'app_param', await admin.deleteParam(request.params.id).then(() => null)),
  );

  const tags = ['labels'];
  app.get(
    '/label/relation/app',
    { config: { perms: [] as const }, schema: { tags, summary: 'Labels of apps', querystring: appLabelRelationQuerySchema, response: replies(listSchema(appLabelRelationRowSchema)) } },
    async (request) => ok(request.id, 'label_relation', await admin.relations(request.query)),
  );
  app.post(
    '/label/relation/app',
    { config: { perms: ['manage_label'] as const }, schema: { tags, summary: 'Put a label on an app', body: appLabelRelationSchema, response: replies(appLabelRelationSchema) } },
    async (request) => ok(request.id, 'label_relation', await admin.relate(request.body)),
  );
  // the spec's path ends in a slash; OpenAPI tools refuse one, so the same call is served (and documented) without it too
  for (const url of ['/label/relation/app/', '/label/relation/app'])
    app.delete(
      url,
      { config: { perms: ['manage_label'] as const }, schema: { tags, summary: 'Take a label off an app (body; the spec writes the path with a trailing slash)', body: appLabelRelationSchema, response: replies(z.null()) } },
      async (request) => ok(request.id, 'label_relation', await admin.unrelate(request.body).then(() => null)),
    );
};
