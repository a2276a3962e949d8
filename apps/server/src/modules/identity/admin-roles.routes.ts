import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeUserInputSchema, changeUserResultSchema, idParamSchema, operationListSchema, roleInputSchema, roleListSchema, rolePatchSchema, roleSchema } from '@starlight/contract/admin';
import { tokenKind } from '@starlight/contract/auth';
import { ok, replies } from '../../lib/envelope';
import { adminContext } from './admin-context';
import type { AdminRolesService } from './admin-roles.service';
import type { ImpersonationService } from './impersonation.service';

const tags = ['identity'];

/** Roles and the key catalogue (role-manage, operation-manage), and account switching (spec §4). */
export const adminRolesRoutes: FastifyPluginAsyncZod<{ roles: AdminRolesService; impersonation: ImpersonationService }> = async (app, { roles, impersonation }) => {
  app.get(
    '/perm/roles',
    { config: { perms: ['query_role'] }, schema: { tags, summary: 'Roles with their keys and holder counts', response: replies(roleListSchema) } },
    async (request) => ok(request.id, 'role', await roles.list()),
  );
  app.post(
    '/perm/roles',
    { config: { perms: ['query_role'] }, schema: { tags, summary: 'Create a role', body: roleInputSchema, response: replies(roleSchema) } },
    async (request) => ok(request.id, 'role', await roles.create(adminContext(request), request.body)),
  );
  app.patch(
    '/perm/roles/:id',
    { config: { perms: ['query_role'] }, schema: { tags, summary: "Change a role's description or keys", params: idParamSchema, body: rolePatchSchema, response: replies(roleSchema) } },
    async (request) => ok(request.id, 'role', await roles.update(adminContext(request), request.params.id, request.body)),
  );
  app.delete(
    '/perm/roles/:id',
    { config: { perms: ['query_role'] }, schema: { tags, summary: 'Delete a role (not a builtin one)', params: idParamSchema, response: replies(z.object({ id: z.number().int() })) } },
    async (request) => {
      await roles.remove(adminContext(request), request.params.id);
      return ok(request.id, 'role', { id: request.params.id });
    },
  );
  app.get(
    '/perm/operations',
    { config: { perms: ['query_role'] }, schema: { tags, summary: 'Every permission key with its meaning in en, zh, es, ja', response: replies(operationListSchema) } },
    async (request) => ok(request.id, 'operation', await roles.operations()),
  );

  app.post(
    '/keystone/short_term_token/change_user',
    {
      config: { perms: ['change_user'] },
      schema: { tags, summary: 'Switch to another user: a new session token as them (spec §4)', body: changeUserInputSchema, response: replies(changeUserResultSchema) },
    },
    async (request) => ok(request.id, tokenKind, await impersonation.start(adminContext(request), request.body.user_name)),
  );
  app.delete(
    '/keystone/short_term_token/change_user',
    { config: { perms: [] }, schema: { tags, summary: 'End the switched session this request is made with', response: replies(z.null()) } },
    async (request) => {
      await impersonation.stop(adminContext(request));
      return ok(request.id, 'token', null);
    },
  );
};
