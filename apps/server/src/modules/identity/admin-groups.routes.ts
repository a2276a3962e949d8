import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  communityGroupInputSchema,
  communityInputSchema,
  communityListQuerySchema,
  communityListSchema,
  communityMemberParamSchema,
  communitySchema,
  groupDetailSchema,
  groupInputSchema,
  groupListQuerySchema,
  groupListSchema,
  groupMemberParamSchema,
  groupNameParamSchema,
  groupPatchSchema,
  groupSchema,
  idParamSchema,
  memberInputSchema,
} from '@starlight/contract/admin';
import { ok, replies } from '../../lib/envelope';
import { adminContext } from './admin-context';
import type { AdminGroupsService } from './admin-groups.service';

const tags = ['identity'];
const groupReaders = ['query_all_user', 'manage_all_user', 'user_order_create_gadmin', 'community_3rd_admin'] as const;
const deleted = z.object({ id: z.number().int() });

/** Groups and their members (group-manage, group-info) and communities (community-manage). */
export const adminGroupsRoutes: FastifyPluginAsyncZod<{ groups: AdminGroupsService }> = async (app, { groups }) => {
  app.get(
    '/user/groups',
    { config: { perms: [...groupReaders] }, schema: { tags, summary: 'Groups the caller administers (all with query_all_user)', querystring: groupListQuerySchema, response: replies(groupListSchema) } },
    async (request) => ok(request.id, 'group', await groups.list(adminContext(request), request.query)),
  );
  app.get(
    '/user/groups/:name',
    { config: { perms: [...groupReaders] }, schema: { tags, summary: 'A group with its members', params: groupNameParamSchema, response: replies(groupDetailSchema) } },
    async (request) => ok(request.id, 'group', await groups.detail(adminContext(request), request.params.name)),
  );
  app.post(
    '/user/groups',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Create a group', body: groupInputSchema, response: replies(groupSchema) } },
    async (request) => ok(request.id, 'group', await groups.create(adminContext(request), request.body)),
  );
  app.patch(
    '/user/groups/:id',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: "Change a group's description", params: idParamSchema, body: groupPatchSchema, response: replies(groupSchema) } },
    async (request) => ok(request.id, 'group', await groups.update(adminContext(request), request.params.id, request.body.description)),
  );
  app.delete(
    '/user/groups/:id',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Delete an empty group', params: idParamSchema, response: replies(deleted) } },
    async (request) => {
      await groups.remove(adminContext(request), request.params.id);
      return ok(request.id, 'group', { id: request.params.id });
    },
  );
  app.post(
    '/user/groups/:id/members',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Move a user into the group', params: idParamSchema, body: memberInputSchema, response: replies(groupDetailSchema) } },
    async (request) => ok(request.id, 'group', await groups.addMember(adminContext(request), request.params.id, request.body.user_name)),
  );
  app.delete(
    '/user/groups/:id/members/:user_name',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Take a user out of the group', params: groupMemberParamSchema, response: replies(groupDetailSchema) } },
    async (request) => ok(request.id, 'group', await groups.removeMember(adminContext(request), request.params.id, request.params.user_name)),
  );

  app.get(
    '/community/user/communities',
    { config: { perms: [] }, schema: { tags, summary: "Communities the caller may see (all with query_all_user; else administered or their group's)", querystring: communityListQuerySchema, response: replies(communityListSchema) } },
    async (request) => ok(request.id, 'community', await groups.communities(adminContext(request), request.query)),
  );
  app.get(
    '/community/communities/:name',
    { config: { perms: ['query_all_user', 'manage_all_user', 'community_3rd_admin'] }, schema: { tags, summary: 'A community (its administrators, or query_all_user)', params: groupNameParamSchema, response: replies(communitySchema) } },
    async (request) => ok(request.id, 'community', await groups.community(adminContext(request), request.params.name)),
  );
  app.post(
    '/community/communities',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Create a community', body: communityInputSchema, response: replies(communitySchema) } },
    async (request) => ok(request.id, 'community', await groups.createCommunity(adminContext(request), request.body)),
  );
  app.patch(
    '/community/communities/:id',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: "Change a community's description", params: idParamSchema, body: groupPatchSchema, response: replies(communitySchema) } },
    async (request) => ok(request.id, 'community', await groups.updateCommunity(adminContext(request), request.params.id, request.body.description)),
  );
  app.delete(
    '/community/communities/:id',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Delete a community (its groups stay)', params: idParamSchema, response: replies(deleted) } },
    async (request) => {
      await groups.removeCommunity(adminContext(request), request.params.id);
      return ok(request.id, 'community', { id: request.params.id });
    },
  );
  app.post(
    '/community/communities/:id/groups',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Put a group in the community', params: idParamSchema, body: communityGroupInputSchema, response: replies(communitySchema) } },
    async (request) => ok(request.id, 'community', await groups.addCommunityGroup(adminContext(request), request.params.id, request.body.group_name)),
  );
  app.delete(
    '/community/communities/:id/groups/:name',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Take a group out of the community', params: communityMemberParamSchema, response: replies(communitySchema) } },
    async (request) => ok(request.id, 'community', await groups.removeCommunityGroup(adminContext(request), request.params.id, request.params.name)),
  );
  app.post(
    '/community/communities/:id/admins',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Make a user a community administrator (community_3rd_admin)', params: idParamSchema, body: memberInputSchema, response: replies(communitySchema) } },
    async (request) => ok(request.id, 'community', await groups.addCommunityAdmin(adminContext(request), request.params.id, request.body.user_name)),
  );
  app.delete(
    '/community/communities/:id/admins/:name',
    { config: { perms: ['manage_all_user'] }, schema: { tags, summary: 'Remove a community administrator', params: communityMemberParamSchema, response: replies(communitySchema) } },
    async (request) => ok(request.id, 'community', await groups.removeCommunityAdmin(adminContext(request), request.params.id, request.params.name)),
  );
};
