import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appCreateSchema,
  appDetailSchema,
  appListQuerySchema,
  appNameParamsSchema,
  appPatchSchema,
  appSaveSchema,
  appSchema,
  appTransferSchema,
  appVersionParamsSchema,
  appVersionQuerySchema,
  cwlFileNameSchema,
  portSchema,
  runDetailSchema,
  runLaunchSchema,
  runListQuerySchema,
  runParamsSchema,
  runSchema,
} from '@starlight/contract/apps';
import { listSchema } from '@starlight/contract/envelope';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AppsService } from './apps.service';
import type { RunsService } from './runs.service';

const tags = ['apps'];
/** Spec §2: the application center's group needs binded_account; admin-only parts are checked in the service too. */
const user = { perms: ['binded_account', 'create_app_by_admin'] as const };
const admin = { perms: ['create_app_by_admin'] as const };

/** The catalogue (/app/list, /app/my-list, /app/spec/:appname, /app/manage) and runs (/swl/jobs, /swl/run/:app/:uuid). */
export const appsRoutes: FastifyPluginAsyncZod<{ apps: AppsService; runs: RunsService }> = async (app, { apps, runs }) => {
  app.get(
    '/app/apps',
    { config: user, schema: { tags, summary: 'Apps I may see (scope=mine: my apps; scope=all: every app, create_app_by_admin)', querystring: appListQuerySchema, response: replies(listSchema(appSchema)) } },
    async (request) => ok(request.id, 'app', await apps.list(actorOf(request), request.query)),
  );
  app.post(
    '/app/apps',
    { config: user, schema: { tags, summary: 'Create an app from CWL text (validated by cwltool)', body: appCreateSchema, response: replies(appDetailSchema) } },
    async (request) => ok(request.id, 'app', await apps.create(actorOf(request), request.body)),
  );
  app.post(
    '/app/validate',
    {
      config: user,
      schema: { tags, summary: 'Validate CWL text without saving it', body: appSaveSchema, response: replies(z.object({ class: z.string(), inputs: z.array(portSchema), outputs: z.array(portSchema), uses: z.array(z.object({ name: z.string(), version: z.number().int() })) })) },
    },
    async (request) => ok(request.id, 'app', await apps.validateOnly(actorOf(request), request.body)),
  );
  app.get(
    '/app/apps/:name',
    { config: user, schema: { tags, summary: 'One app with a version (latest by default)', params: appNameParamsSchema, querystring: appVersionQuerySchema, response: replies(appDetailSchema) } },
    async (request) => ok(request.id, 'app', await apps.get(actorOf(request), request.params.name, request.query.version)),
  );
  app.get(
    '/app/public/:name',
    { config: { public: true }, schema: { tags, summary: 'A public app without login (the public /workflow page); others answer 1404', params: appNameParamsSchema, querystring: appVersionQuerySchema, response: replies(appDetailSchema) } },
    async (request) => ok(request.id, 'app', await apps.getPublic(request.params.name, request.query.version)),
  );
  app.get(
    '/app/apps/:name/export',
    { config: user, schema: { tags, summary: 'The CWL file exactly as uploaded', params: appNameParamsSchema, querystring: appVersionQuerySchema.extend({ file: cwlFileNameSchema.optional() }) } },
    async (request, reply) => {
      const { fileName, text } = await apps.exportText(actorOf(request), request.params.name, request.query.version, request.query.file);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
        .send(text);
    },
  );
  app.post(
    '/app/apps/:name/versions',
    { config: user, schema: { tags, summary: 'Save a new immutable version', params: appNameParamsSchema, body: appSaveSchema, response: replies(appDetailSchema) } },
    async (request) => ok(request.id, 'app', await apps.saveVersion(actorOf(request), request.params.name, request.body)),
  );
  app.patch(
    '/app/apps/:name',
    { config: user, schema: { tags, summary: 'Title, description, icon, visibility (publish/unpublish)', params: appNameParamsSchema, body: appPatchSchema, response: replies(appDetailSchema) } },
    async (request) => ok(request.id, 'app', await apps.patch(actorOf(request), request.params.name, request.body)),
  );
  app.post(
    '/app/apps/:name/transfer',
    { config: admin, schema: { tags, summary: 'Transfer ownership (/app/manage)', params: appNameParamsSchema, body: appTransferSchema, response: replies(appDetailSchema) } },
    async (request) => ok(request.id, 'app', await apps.transfer(actorOf(request), request.params.name, request.body)),
  );
  app.delete(
    '/app/apps/:name/versions/:version',
    { config: admin, schema: { tags, summary: 'Delete a version no run pins (/app/manage)', params: appVersionParamsSchema, response: replies(z.null()) } },
    async (request) => ok(request.id, 'app', await apps.deleteVersion(actorOf(request), request.params.name, request.params.version).then(() => null)),
  );

  app.post(
    '/app/apps/:name/runs',
    { config: { perms: ['binded_account'] as const }, schema: { tags, summary: 'Launch: job order checked, then the engine submitted as the bound account', params: appNameParamsSchema, body: runLaunchSchema, response: replies(runSchema) } },
    async (request) => ok(request.id, 'run', await runs.launch(actorOf(request), request.params.name, request.body)),
  );
  app.get(
    '/app/runs',
    { config: user, schema: { tags, summary: 'Runs (/swl/jobs): mine, or scope=all with create_app_by_admin', querystring: runListQuerySchema, response: replies(listSchema(runSchema)) } },
    async (request) => ok(request.id, 'run', await runs.list(actorOf(request), request.query)),
  );
  app.get(
    '/app/runs/:app/:uuid',
    { config: user, schema: { tags, summary: 'One run with its steps, outputs and engine log (/swl/run/:app/:uuid)', params: runParamsSchema, response: replies(runDetailSchema) } },
    async (request) => ok(request.id, 'run', await runs.detail(actorOf(request), request.params.app, request.params.uuid)),
  );
  app.delete(
    '/app/runs/:app/:uuid',
    { config: user, schema: { tags, summary: 'Cancel a run and every step job', params: runParamsSchema, response: replies(runSchema) } },
    async (request) => ok(request.id, 'run', await runs.cancel(actorOf(request), request.params.app, request.params.uuid)),
  );
};
