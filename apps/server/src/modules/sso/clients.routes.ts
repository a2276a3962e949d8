import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@starlight/contract/envelope';
import { oauthClientCreatedSchema, oauthClientInputSchema, oauthClientListSchema } from '@starlight/contract/sso';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import { adminAudit } from './admin-audit';
import type { ClientsService } from './clients.service';

const idParams = z.object({ id: z.coerce.number().int().min(1) });
/** Platform administration (spec §6): the same key as the role pages. */
const adminPerms = ['query_role'] as const;

/** Third-party sites (OAuth clients), registered by platform admins; our calls in the spec's style. */
export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService; audit?: AuditRecorder | undefined }> = async (app, { clients, audit }) => {
  const record = adminAudit(audit);

  app.get(
    '/keystone/oauth/clients',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: 'Registered third-party sites, newest first', querystring: pageQuerySchema, response: replies(oauthClientListSchema) },
    },
    async (request) => ok(request.id, 'oauth_client', await clients.list(request.query.page, request.query.page_size)),
  );

  app.post(
    '/keystone/oauth/clients',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: 'Register a site; a confidential one gets its secret in this answer only', body: oauthClientInputSchema, response: replies(oauthClientCreatedSchema) },
    },
    async (request) => {
      const created = await clients.create(actorOf(request), request.body);
      await record(request, 'oauth_client_create', `client:${created.client_id}`, created.name);
      return ok(request.id, 'oauth_client', created);
    },
  );

  app.patch(
    '/keystone/oauth/clients/:id',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: "Change a site's name, redirect URIs, type or scopes", params: idParams, body: oauthClientInputSchema, response: replies(oauthClientCreatedSchema) },
    },
    async (request) => {
      const updated = await clients.update(request.params.id, request.body);
      await record(request, 'oauth_client_update', `client:${updated.client_id}`);
      return ok(request.id, 'oauth_client', updated);
    },
  );

  app.post(
    '/keystone/oauth/clients/:id/secret',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: "Replace a confidential site's secret (answered once)", params: idParams, response: replies(oauthClientCreatedSchema) },
    },
    async (request) => {
      const rotated = await clients.rotateSecret(request.params.id);
      await record(request, 'oauth_client_update', `client:${rotated.client_id}`, 'secret replaced');
      return ok(request.id, 'oauth_client', rotated);
    },
  );

  app.delete(
    '/keystone/oauth/clients/:id',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: 'Remove a site and end every grant and token issued to it', params: idParams, response: replies(z.null()) },
    },
    async (request) => {
      const removed = await clients.remove(request.params.id);
      await record(request, 'oauth_client_delete', `client:${removed}`);
      return ok(request.id, 'oauth_client', null);
    },
  );
};
