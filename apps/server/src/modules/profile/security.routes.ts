import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessRecordInputSchema,
  accessRecordListSchema,
  accessRecordPatchSchema,
  accessRecordQuerySchema,
  accessRecordSchema,
  idParamSchema,
  loginSecurityInputSchema,
  loginSecuritySchema,
} from '@starlight/contract/profile';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { clientOf } from './profile.routes';
import type { SecurityService } from './security.service';

const tags = ['profile'];

/** Spec §7 GET, PATCH /keystone/login_security and the access record calls. */
export const securityRoutes: FastifyPluginAsyncZod<{ security: SecurityService }> = async (app, { security }) => {
  app.get(
    '/keystone/login_security',
    { config: { perms: [] }, schema: { tags, summary: 'One’s sign-in rules', response: replies(loginSecuritySchema) } },
    async (request) => ok(request.id, 'login_security', await security.settings(actorOf(request))),
  );
  app.patch(
    '/keystone/login_security',
    {
      config: { perms: [] },
      schema: { tags, summary: 'Change one’s sign-in rules (restricting to networks that exclude the current address is refused)', body: loginSecurityInputSchema, response: replies(loginSecuritySchema) },
    },
    async (request) => ok(request.id, 'login_security', await security.updateSettings(actorOf(request), request.body, clientOf(request))),
  );

  app.post(
    '/user/access/query',
    {
      config: { perms: [] },
      schema: { tags, summary: 'One’s access records, paged (a holder of query_all_user may name another user)', body: accessRecordQuerySchema, response: replies(accessRecordListSchema) },
    },
    async (request) => ok(request.id, 'access', await security.queryAccess(actorOf(request), request.body)),
  );
  app.post(
    '/user/access/create',
    { config: { perms: [] }, schema: { tags, summary: 'Record a network one signs in from (CIDR or single address)', body: accessRecordInputSchema, response: replies(accessRecordSchema) } },
    async (request) => ok(request.id, 'access', await security.createAccess(actorOf(request), request.body, clientOf(request))),
  );
  app.patch(
    '/user/access/:id',
    { config: { perms: [] }, schema: { tags, summary: 'Change one of one’s access records', params: idParamSchema, body: accessRecordPatchSchema, response: replies(accessRecordSchema) } },
    async (request) => ok(request.id, 'access', await security.updateAccess(actorOf(request), request.params.id, request.body, clientOf(request))),
  );
  app.delete(
    '/user/access/:id',
    { config: { perms: [] }, schema: { tags, summary: 'Remove one of one’s access records', params: idParamSchema, response: replies(z.null()) } },
    async (request) => {
      await security.deleteAccess(actorOf(request), request.params.id, clientOf(request));
      return ok(request.id, 'access', null);
    },
  );
};
