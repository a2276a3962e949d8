import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import { idParamsSchema } from '@starlight/contract/hpc';
import type { PermissionKey } from '@starlight/contract/permissions';
import {
  availabilityListQuerySchema,
  groupAvailabilitySchema,
  groupQuotaChangeSchema,
  groupQuotaCreateInputSchema,
  groupQuotaListQuerySchema,
  groupQuotaPatchInputSchema,
  groupQuotaSchema,
  partitionGroupParamsSchema,
  partitionQuotaDeleteInputSchema,
  partitionQuotaInputSchema,
  partitionUserParamsSchema,
  usablePartitionSchema,
  userAvailabilitySchema,
  userNameParamsSchema,
  userQuotaChangeSchema,
  userQuotaInputSchema,
  userQuotaListQuerySchema,
  userQuotaSchema,
} from '@starlight/contract/quotas';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import { quotaAudit } from './audit-hook';
import type { AvailabilityService } from './availability.service';
import type { GrantsService } from './grants.service';
import { adminReadKeys, adminWriteKeys } from './scope';
import type { UserQuotasService } from './user-quotas.service';

const tags = ['quotas'];
const byNames = (b: { cluster_name: string; partition_name: string; group_name: string | null }) => `${b.cluster_name}/${b.partition_name}/group:${b.group_name ?? '*'}`;
const gadmin: PermissionKey[] = ['query_partitions_user_quotas_ga'];
/** The user family: the caller's own (any bound user; admins and group admins see their own too). */
const own: PermissionKey[] = ['binded_account', ...adminReadKeys, 'query_partitions_user_quotas_ga'];
/** Reading one user's: the user, their group admin or an admin — decided in the service. */
const oneUser: PermissionKey[] = ['binded_account', ...adminReadKeys, 'query_partitions_user_quotas_ga'];

export interface PartitionQuotasRouteOptions {
  grants: GrantsService;
  userQuotas: UserQuotasService;
  availability: AvailabilityService;
  audit?: AuditRecorder;
}

/** Spec §7 "Group quotas", "User quotas", "Availability" and /kcluster/partition_quota. */
export const partitionQuotasRoutes: FastifyPluginAsyncZod<PartitionQuotasRouteOptions> = async (app, { grants, userQuotas, availability, audit }) => {
  const audited = quotaAudit(audit);
  // ---------------------------------------------------------------- group quotas (grants)
  app.get(
    '/kcluster/partitions/groupquotasAdmin',
    { config: { perms: adminReadKeys }, schema: { tags, summary: 'Every group quota (grant)', querystring: groupQuotaListQuerySchema, response: replies(listSchema(groupQuotaSchema)) } },
    async (request) => ok(request.id, 'group_quota', await grants.listAll(request.query)),
  );
  app.get(
    '/kcluster/partitions/groupquotas',
    { config: { perms: own }, schema: { tags, summary: "The grants reaching the caller's group", querystring: groupQuotaListQuerySchema, response: replies(listSchema(groupQuotaSchema)) } },
    async (request) => ok(request.id, 'group_quota', await grants.listMine(actorOf(request), request.query)),
  );
  app.post(
    '/kcluster/partitions/groupquotas',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Grant a partition to a group (group_id 0 or null: every group)', body: groupQuotaCreateInputSchema, response: replies(groupQuotaChangeSchema) } },
    async (request) =>
      ok(request.id, 'group_quota', await audited(request, 'partition_grant_change', `partition:${request.body.partition_id}/group:${request.body.group_id ?? 0}`, () => grants.create(request.body))),
  );
  app.patch(
    '/kcluster/partitions/groupquotas/:id',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Change grant {id}', params: idParamsSchema, body: groupQuotaPatchInputSchema, response: replies(groupQuotaChangeSchema) } },
    async (request) => ok(request.id, 'group_quota', await audited(request, 'partition_grant_change', `grant:${request.params.id}`, () => grants.patch(request.params.id, request.body))),
  );
  app.delete(
    '/kcluster/partitions/:id/groupquotas/:gid',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Revoke partition {id} from group {gid} (0: the every-group grant)', params: partitionGroupParamsSchema, response: replies(groupQuotaChangeSchema) } },
    async (request) =>
      ok(request.id, 'group_quota', await audited(request, 'partition_grant_revoke', `partition:${request.params.id}/group:${request.params.gid}`, () => grants.revokeById(request.params.id, request.params.gid))),
  );

  // ---------------------------------------------------------------- user quotas
  app.post(
    '/kcluster/partitions/:id/userquotas/:user',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Give user {user} a quota on partition {id}', params: partitionUserParamsSchema, body: userQuotaInputSchema, response: replies(userQuotaChangeSchema) } },
    async (request) =>
      ok(request.id, 'user_quota', await audited(request, 'user_quota_change', `partition:${request.params.id}/user:${request.params.user}`, () => userQuotas.create(request.params.id, request.params.user, request.body))),
  );
  app.patch(
    '/kcluster/partitions/:id/userquotas/:user',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: "Change user {user}'s quota on partition {id}", params: partitionUserParamsSchema, body: userQuotaInputSchema, response: replies(userQuotaChangeSchema) } },
    async (request) =>
      ok(request.id, 'user_quota', await audited(request, 'user_quota_change', `partition:${request.params.id}/user:${request.params.user}`, () => userQuotas.update(request.params.id, request.params.user, request.body))),
  );
  app.patch(
    '/kcluster/partitions/:id/userquotasGAdmin/:user',
    { config: { perms: gadmin }, schema: { tags, summary: "Group admin: set a member's quota on partition {id}", params: partitionUserParamsSchema, body: userQuotaInputSchema, response: replies(userQuotaChangeSchema) } },
    async (request) =>
      ok(
        request.id,
        'user_quota',
        await audited(request, 'user_quota_change', `partition:${request.params.id}/user:${request.params.user}`, () =>
          userQuotas.updateAsGroupAdmin(actorOf(request), request.params.id, request.params.user, request.body),
        ),
      ),
  );
  app.get(
    '/kcluster/partitions/userquotas/GAdmin',
    { config: { perms: gadmin }, schema: { tags, summary: 'User quotas of the members of my groups', querystring: userQuotaListQuerySchema, response: replies(listSchema(userQuotaSchema)) } },
    async (request) => ok(request.id, 'user_quota', await userQuotas.listGroupAdmin(actorOf(request), request.query)),
  );
  app.get(
    '/kcluster/partitions/userquotas/Admin',
    { config: { perms: adminReadKeys }, schema: { tags, summary: 'Every user quota', querystring: userQuotaListQuerySchema, response: replies(listSchema(userQuotaSchema)) } },
    async (request) => ok(request.id, 'user_quota', await userQuotas.listAdmin(request.query)),
  );
  app.get(
    '/kcluster/partitions/userquotas',
    { config: { perms: own }, schema: { tags, summary: 'My user quotas', querystring: userQuotaListQuerySchema, response: replies(listSchema(userQuotaSchema)) } },
    async (request) => ok(request.id, 'user_quota', await userQuotas.listMine(actorOf(request), request.query)),
  );
  app.get(
    '/kcluster/partitions/userquotas/user/:name',
    { config: { perms: oneUser }, schema: { tags, summary: "One user's quotas (self, group admin, admin)", params: userNameParamsSchema, response: replies(z.array(userQuotaSchema)) } },
    async (request) => ok(request.id, 'user_quota', await userQuotas.ofUser(actorOf(request), request.params.name)),
  );

  // ---------------------------------------------------------------- availability
  app.get(
    '/kcluster/partitions/groups/avaliable/admin',
    { config: { perms: adminReadKeys }, schema: { tags, summary: 'Partitions each group may use', response: replies(z.array(groupAvailabilitySchema)) } },
    async (request) => ok(request.id, 'availability', await availability.groupsAdmin()),
  );
  app.get(
    '/kcluster/partitions/users/avaliable/admin',
    { config: { perms: adminReadKeys }, schema: { tags, summary: 'Partitions each user may use', querystring: availabilityListQuerySchema, response: replies(listSchema(userAvailabilitySchema)) } },
    async (request) => ok(request.id, 'availability', await availability.usersAdmin(request.query)),
  );
  app.get(
    '/kcluster/partitions/available/user/:id',
    { config: { perms: oneUser }, schema: { tags, summary: 'Partitions user {id} may use', params: idParamsSchema, response: replies(userAvailabilitySchema) } },
    async (request) => ok(request.id, 'availability', await availability.user(actorOf(request), request.params.id)),
  );
  app.get(
    '/kcluster/partitions/available/user',
    { config: { perms: own }, schema: { tags, summary: 'Partitions I may use, with limits and usage', response: replies(z.array(usablePartitionSchema)) } },
    async (request) => ok(request.id, 'availability', await availability.mine(actorOf(request))),
  );
  app.get(
    '/kcluster/partitions/available/group',
    { config: { perms: own }, schema: { tags, summary: 'Partitions my group may use', response: replies(groupAvailabilitySchema) } },
    async (request) => ok(request.id, 'availability', await availability.myGroup(actorOf(request))),
  );

  // ---------------------------------------------------------------- grants by names
  app.post(
    '/kcluster/partition_quota',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Grant (or replace the grant of) a partition to a group, by names', body: partitionQuotaInputSchema, response: replies(groupQuotaChangeSchema) } },
    async (request) => ok(request.id, 'group_quota', await audited(request, 'partition_grant_change', byNames(request.body), () => grants.upsertByNames(request.body))),
  );
  app.delete(
    '/kcluster/partition_quota',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Revoke a grant, by names', body: partitionQuotaDeleteInputSchema, response: replies(groupQuotaChangeSchema) } },
    async (request) => ok(request.id, 'group_quota', await audited(request, 'partition_grant_revoke', byNames(request.body), () => grants.revokeByNames(request.body))),
  );
};
