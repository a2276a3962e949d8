import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionListSchema, userInfoSchema } from '@starlight/contract/users';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/user/user/self',
    {
      config: { perms: [] },
      schema: { tags: ['identity'], summary: "The caller's user info", response: replies(userInfoSchema) },
    },
    async (request) => ok(request.id, 'user', await users.self(actorOf(request))),
  );

  app.get(
    '/perm/permission',
    {
      config: { perms: [] },
      schema: { tags: ['identity'], summary: "The caller's permission keys", response: replies(permissionListSchema) },
    },
    async (request) => ok(request.id, 'permission', [...actorOf(request).permissions]),
  );
};
