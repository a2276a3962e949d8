import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  allowedHostInputSchema,
  allowedHostSchema,
  dataSourceCreateSchema,
  dataSourceSchema,
  datasetCreateSchema,
  datasetLinkSchema,
  datasetPatchSchema,
  datasetSchema,
  datasetShareSchema,
  transferSchema,
  udmDeletedSchema,
  udmIdParamsSchema,
} from '@starlight/contract/udm';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { UdmService } from './udm.service';

const tags = ['udm'];
/** The /udm area needs a bound account (spec §2); starting data sources needs create_start_datasource. */
const bound = { perms: ['binded_account'] as const };
const sources = { perms: ['create_start_datasource'] as const };
/** The allow list opens internal addresses to every user's transfers: only the top permission manages it. */
const admin = { perms: ['query_role'] as const };
const params = udmIdParamsSchema;

export const udmRoutes: FastifyPluginAsyncZod<{ udm: UdmService }> = async (app, { udm }) => {
  app.get('/udm/dataset', { config: bound, schema: { tags, summary: "The caller's datasets and those shared with their group", response: replies(listSchema(datasetSchema)) } }, async (r) =>
    ok(r.id, 'dataset', await udm.datasets(actorOf(r))),
  );
  app.post('/udm/dataset', { config: bound, schema: { tags, summary: 'Create a dataset of paths in the caller\'s storage', body: datasetCreateSchema, response: replies(datasetSchema) } }, async (r) =>
    ok(r.id, 'dataset', await udm.createDataset(actorOf(r), r.body)),
  );
  app.get('/udm/dataset/:id', { config: bound, schema: { tags, summary: 'A dataset (the /udm/detail/:id page)', params, response: replies(datasetSchema) } }, async (r) =>
    ok(r.id, 'dataset', await udm.dataset(actorOf(r), r.params.id)),
  );
  app.patch('/udm/dataset/:id', { config: bound, schema: { tags, summary: 'Change one of the caller\'s datasets', params, body: datasetPatchSchema, response: replies(datasetSchema) } }, async (r) =>
    ok(r.id, 'dataset', await udm.updateDataset(actorOf(r), r.params.id, r.body)),
  );
  app.delete('/udm/dataset/:id', { config: bound, schema: { tags, summary: 'Delete a dataset (the files stay)', params, response: replies(udmDeletedSchema) } }, async (r) =>
    ok(r.id, 'dataset', await udm.deleteDataset(actorOf(r), r.params.id)),
  );
  app.post('/udm/dataset/:id/link', { config: bound, schema: { tags, summary: 'An expiring read-only link (the token is shown once)', params, body: datasetShareSchema, response: replies(datasetLinkSchema) } }, async (r) =>
    ok(r.id, 'dataset_link', await udm.shareLink(actorOf(r), r.params.id, r.body.hours)),
  );
  app.get(
    '/udm/shared/:token',
    // Public: whoever holds an unexpired link reads the dataset's description (read-only); the token is 192 random bits.
    { config: { public: true }, schema: { tags, summary: 'A dataset by its share link', params: z.object({ token: z.string().min(20).max(64) }), response: replies(datasetSchema) } },
    async (r) => ok(r.id, 'dataset', await udm.byLink(r.params.token)),
  );

  app.get('/udm/datasource', { config: bound, schema: { tags, summary: "The caller's data sources", response: replies(listSchema(dataSourceSchema)) } }, async (r) =>
    ok(r.id, 'datasource', await udm.sources(actorOf(r))),
  );
  app.post('/udm/datasource', { config: sources, schema: { tags, summary: 'Register a data source (internal addresses refused unless allowed)', body: dataSourceCreateSchema, response: replies(dataSourceSchema) } }, async (r) =>
    ok(r.id, 'datasource', await udm.createSource(actorOf(r), r.body)),
  );
  app.delete('/udm/datasource/:id', { config: sources, schema: { tags, summary: 'Delete a data source', params, response: replies(udmDeletedSchema) } }, async (r) =>
    ok(r.id, 'datasource', await udm.deleteSource(actorOf(r), r.params.id)),
  );
  app.post('/udm/datasource/:id/start', { config: sources, schema: { tags, summary: 'Start a transfer into the caller\'s storage (background)', params, response: replies(transferSchema) } }, async (r) =>
    ok(r.id, 'transfer', await udm.start(actorOf(r), r.params.id)),
  );
  app.get('/udm/transfer', { config: bound, schema: { tags, summary: "The caller's transfers, newest first", response: replies(listSchema(transferSchema)) } }, async (r) =>
    ok(r.id, 'transfer', await udm.transfers(actorOf(r))),
  );
  app.get('/udm/transfer/:id', { config: bound, schema: { tags, summary: 'A transfer with its log and checksum report (the /udm/detail2/:id page)', params, response: replies(transferSchema) } }, async (r) =>
    ok(r.id, 'transfer', await udm.transfer(actorOf(r), r.params.id)),
  );

  app.get('/udm/allowed_host', { config: admin, schema: { tags, summary: 'Internal hosts data sources may reach', response: replies(listSchema(allowedHostSchema)) } }, async (r) =>
    ok(r.id, 'allowed_host', await udm.allowedHosts()),
  );
  app.post('/udm/allowed_host', { config: admin, schema: { tags, summary: 'Allow an internal host (or host:port)', body: allowedHostInputSchema, response: replies(allowedHostSchema) } }, async (r) =>
    ok(r.id, 'allowed_host', await udm.allowHost(r.body.host, r.body.note)),
  );
  app.delete('/udm/allowed_host/:host', { config: admin, schema: { tags, summary: 'Remove an allowed host', params: z.object({ host: z.string().max(260) }), response: replies(udmDeletedSchema) } }, async (r) =>
    ok(r.id, 'allowed_host', await udm.disallowHost(r.params.host)),
  );
};
