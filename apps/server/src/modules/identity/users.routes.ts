import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserListSchema,
  adminUserSchema,
  bulkUpdateInputSchema,
  bulkUpdateReportSchema,
  createUserInputSchema,
  createUserResultSchema,
  deleteUserQuerySchema,
  deleteUserResultSchema,
  groupAdminInputSchema,
  idParamSchema,
  setUserRolesInputSchema,
  updateUserInputSchema,
  userDetailSchema,
  userListQuerySchema,
  userRefParamSchema,
  userRoleListSchema,
  userRoleQuerySchema,
} from '@starlight/contract/admin';
import { permissionListSchema, userInfoSchema } from '@starlight/contract/users';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { adminContext } from './admin-context';
import type { AdminRolesService } from './admin-roles.service';
import type { AdminUsersService } from './admin-users.service';
import type { BulkUpdateService } from './bulk-update.service';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
  adminUsers: AdminUsersService;
  adminRoles: AdminRolesService;
  bulk: BulkUpdateService;
}

const tags = ['identity'];
/** Who may read user lists: readers and managers of all users, group and community administrators (switchers: search). */
const userReaders = ['query_all_user', 'manage_all_user', 'user_order_create_gadmin', 'community_3rd_admin'] as const;
/** Who may change users: managers of all users (not mere readers: query_all_user), and group administrators within their groups. */
const userWriters = ['manage_all_user', 'user_order_create_gadmin'] as const;

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, adminUsers, adminRoles, bulk }) => {
  app.get(
    '/user/user/self',
    { config: { perms: [] }, schema: { tags, summary: "The caller's user info", response: replies(userInfoSchema) } },
    async (request) => ok(request.id, 'user', await users.self(actorOf(request))),
  );

  app.get(
    '/perm/permission',
    { config: { perms: [] }, schema: { tags, summary: "The caller's permission keys", response: replies(permissionListSchema) } },
    async (request) => ok(request.id, 'permission', [...actorOf(request).permissions]),
  );

  app.get(
    '/user/user',
    {
      config: { perms: [...userReaders, 'change_user'] },
      schema: { tags, summary: 'Users the caller administers (field_lk_user_name: part of the name)', querystring: userListQuerySchema, response: replies(adminUserListSchema) },
    },
    async (request) => ok(request.id, 'user', await adminUsers.list(adminContext(request), request.query)),
  );

  app.post(
    '/user/user',
    {
      config: { perms: [...userWriters] },
      schema: { tags, summary: 'Create a user (initial password or e-mail invitation)', body: createUserInputSchema, response: replies(createUserResultSchema) },
    },
    async (request) => ok(request.id, 'user', await adminUsers.create(adminContext(request), request.body)),
  );

  app.patch(
    '/user/user/:id',
    {
      config: { perms: [...userWriters] },
      schema: { tags, summary: 'Change a user (contacts, group, disabled)', params: idParamSchema, body: updateUserInputSchema, response: replies(adminUserSchema) },
    },
    async (request) => ok(request.id, 'user', await adminUsers.update(adminContext(request), request.params.id, request.body)),
  );

  app.delete(
    '/user/user/:id',
    {
      config: { perms: [...userWriters] },
      schema: { tags, summary: 'Disable a user, or (hard=true) delete one nothing refers to', params: idParamSchema, querystring: deleteUserQuerySchema, response: replies(deleteUserResultSchema) },
    },
    async (request) => ok(request.id, 'user', await adminUsers.remove(adminContext(request), request.params.id, request.query)),
  );

  app.get(
    '/user/spec/user/:id',
    {
      config: { perms: [...userReaders] },
      schema: { tags, summary: 'One user with roles, administered groups and keys (id or user name)', params: userRefParamSchema, response: replies(userDetailSchema) },
    },
    async (request) => ok(request.id, 'user', await adminUsers.detail(adminContext(request), request.params.id)),
  );

  app.post(
    '/user/update_to_group_admin',
    { config: { perms: [...userWriters] }, schema: { tags, summary: 'Promote a member to group administrator', body: groupAdminInputSchema, response: replies(adminUserSchema) } },
    async (request) => ok(request.id, 'user', await adminUsers.setGroupAdmin(adminContext(request), request.body, true)),
  );

  app.post(
    '/user/remove_group_admin',
    { config: { perms: [...userWriters] }, schema: { tags, summary: 'Remove a group administrator', body: groupAdminInputSchema, response: replies(adminUserSchema) } },
    async (request) => ok(request.id, 'user', await adminUsers.setGroupAdmin(adminContext(request), request.body, false)),
  );

  app.get(
    '/user/user_role',
    { config: { perms: ['query_role', 'query_all_user', 'manage_all_user'] }, schema: { tags, summary: 'Who holds which role', querystring: userRoleQuerySchema, response: replies(userRoleListSchema) } },
    async (request) => ok(request.id, 'user_role', await adminRoles.userRoles(request.query)),
  );

  app.post(
    '/user/user_role',
    {
      config: { perms: ['query_role'] },
      schema: { tags, summary: "Set a user's roles", body: setUserRolesInputSchema, response: replies(z.object({ user_name: z.string(), roles: z.array(z.string()) })) },
    },
    async (request) => ok(request.id, 'user_role', await adminRoles.setUserRoles(adminContext(request), request.body)),
  );

  app.post(
    '/user/update',
    {
      config: { perms: ['manage_all_user'] },
      // a 2000-row file hashes up to 2000 passwords: well inside the spec's TIMEOUT 3600
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, summary: 'Create or update users from a CSV, with a report', body: bulkUpdateInputSchema, response: replies(bulkUpdateReportSchema) },
    },
    async (request) => ok(request.id, 'user_update', await bulk.run(adminContext(request), request.body)),
  );
};
