import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  groupExpirePatchSchema,
  groupParamsSchema,
  groupQuotaPatchSchema,
  groupStorageDetailSchema,
  groupStorageSchema,
  quotaListQuerySchema,
  storageQuotaSchema,
  userQuotaPatchSchema,
} from '@starlight/contract/cluster-storage';
import type { PermissionKey } from '@starlight/contract/permissions';
import { z } from 'zod';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { QuotasService } from './quotas.service';

const tags = ['cluster-storage'];
/** Lists are open to every logged-in user and scoped in the service: all (admin), administered groups, else oneself. */
const anyone = { perms: [] as PermissionKey[] };
const userQuotaWriters: PermissionKey[] = ['kcluster_clusters_admin', 'user_order_create_gadmin'];
const admin: PermissionKey[] = ['kcluster_clusters_admin'];

/** Spec §7 Storage: quotas per user and per group on each storage, with expiry. */
export const quotasRoutes: FastifyPluginAsyncZod<{ quotas: QuotasService }> = async (app, { quotas }) => {
  app.get(
    '/storage/hpc/storage/spec/userQuotas',
    { config: anyone, schema: { tags, summary: "Users' storage quotas and usage (display=processed: sizes by 1024)", querystring: quotaListQuerySchema, response: replies(listSchema(storageQuotaSchema)) } },
    async (request) => ok(request.id, 'user_quotas', await quotas.userQuotas(actorOf(request), request.query)),
  );
  app.get(
    '/storage/hpc/storage/spec/groupQuotas',
    { config: anyone, schema: { tags, summary: "Groups' storage quotas and usage (display=processed: sizes by 1024)", querystring: quotaListQuerySchema, response: replies(listSchema(storageQuotaSchema)) } },
    async (request) => ok(request.id, 'group_quotas', await quotas.groupQuotas(actorOf(request), request.query)),
  );
  app.patch(
    '/storage/hpc/storage/user',
    { config: { perms: userQuotaWriters }, schema: { tags, summary: "Set a user's quota on a storage (group admins: their groups' users, up to the group's quota)", body: userQuotaPatchSchema, response: replies(storageQuotaSchema) } },
    async (request) => ok(request.id, 'user_quota', await quotas.setUser(actorOf(request), request.body)),
  );
  app.patch(
    '/storage/hpc/storage/group',
    { config: { perms: admin }, schema: { tags, summary: "Set a group's quota on a storage", body: groupQuotaPatchSchema, response: replies(storageQuotaSchema) } },
    async (request) => ok(request.id, 'group_quota', await quotas.setGroup(request.body)),
  );
  app.patch(
    '/storage/hpc/storage/expire/group',
    { config: { perms: admin }, schema: { tags, summary: "Set or clear when a group's storage quota expires", body: groupExpirePatchSchema, response: replies(storageQuotaSchema) } },
    async (request) => ok(request.id, 'group_quota', await quotas.expireGroup(request.body)),
  );
  app.get(
    '/storage/hpc/storage/group',
    { config: anyone, schema: { tags, summary: 'The groups the caller may see, with their storage quotas', response: replies(z.array(groupStorageSchema)) } },
    async (request) => ok(request.id, 'group_storage', await quotas.groups(actorOf(request))),
  );
  app.get(
    '/storage/hpc/storage/group/:id',
    { config: anyone, schema: { tags, summary: "One group's storage quotas and its users' quotas and usage", params: groupParamsSchema, response: replies(groupStorageDetailSchema) } },
    async (request) => ok(request.id, 'group_storage', await quotas.group(actorOf(request), request.params.id)),
  );
};
