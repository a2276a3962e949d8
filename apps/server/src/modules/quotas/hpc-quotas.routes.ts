import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import { idParamsSchema } from '@starlight/contract/hpc';
import type { PermissionKey } from '@starlight/contract/permissions';
import {
  availabilityListQuerySchema,
  clusterQuotaInputSchema,
  clusterQuotaListQuerySchema,
  clusterQuotaPatchInputSchema,
  clusterQuotaSchema,
  clusterUserSchema,
  groupAvailabilitySchema,
  groupQuotaChangeSchema,
  groupQuotaSchema,
  hpcGrantInputSchema,
  hpcPartitionParamsSchema,
  hpcRevokeQuerySchema,
  partitionQuotaInputSchema,
  usablePartitionSchema,
  userAvailabilitySchema,
} from '@starlight/contract/quotas';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import { quotaAudit } from './audit-hook';
import type { AvailabilityService } from './availability.service';
import type { ClusterQuotasService } from './cluster-quotas.service';
import type { GrantsService } from './grants.service';
import { adminReadKeys, adminWriteKeys } from './scope';

const tags = ['quotas'];
const clusterGadmin: PermissionKey = 'query_kcluster_quotas_gadmin';
const own: PermissionKey[] = ['binded_account', ...adminReadKeys, clusterGadmin];
const readersAndGadmins: PermissionKey[] = [...adminReadKeys, clusterGadmin, 'query_partitions_user_quotas_ga'];

export interface HpcQuotasRouteOptions {
  grants: GrantsService;
  clusterQuotas: ClusterQuotasService;
  availability: AvailabilityService;
  audit?: AuditRecorder;
}

/** Spec §7 "HPC": availability on HPC clusters, grants by cluster/partition name, cluster quotas. */
export const hpcQuotasRoutes: FastifyPluginAsyncZod<HpcQuotasRouteOptions> = async (app, { grants, clusterQuotas, availability, audit }) => {
  const audited = quotaAudit(audit);
  app.get(
    '/kcluster/hpc/partitions/available/group',
    { config: { perms: own }, schema: { tags, summary: 'HPC partitions my group may use', response: replies(groupAvailabilitySchema) } },
    async (request) => ok(request.id, 'availability', await availability.myGroup(actorOf(request), true)),
  );
  app.get(
    '/kcluster/hpc/partitions/available/user/:id',
    { config: { perms: [...own, 'query_partitions_user_quotas_ga'] }, schema: { tags, summary: 'HPC partitions user {id} may use', params: idParamsSchema, response: replies(userAvailabilitySchema) } },
    async (request) => ok(request.id, 'availability', await availability.user(actorOf(request), request.params.id, true)),
  );
  app.get(
    '/kcluster/hpc/partitions/available/user',
    { config: { perms: own }, schema: { tags, summary: 'HPC partitions I may use', response: replies(z.array(usablePartitionSchema)) } },
    async (request) => ok(request.id, 'availability', await availability.mine(actorOf(request), true)),
  );
  app.get(
    '/kcluster/hpc/partitions/users/available/:id',
    { config: { perms: readersAndGadmins }, schema: { tags, summary: 'Users who may use partition {id} (group admins: their members)', params: idParamsSchema, querystring: availabilityListQuerySchema, response: replies(listSchema(userAvailabilitySchema)) } },
    async (request) => ok(request.id, 'availability', await availability.usersOfPartition(actorOf(request), request.params.id, request.query)),
  );
  app.get(
    '/kcluster/hpc/partitions/groups/available/:id',
    { config: { perms: adminReadKeys }, schema: { tags, summary: 'Groups granted partition {id}', params: idParamsSchema, response: replies(z.array(groupQuotaSchema)) } },
    async (request) => ok(request.id, 'group_quota', await grants.ofPartition(request.params.id)),
  );
  app.post(
    '/kcluster/hpc/partitions/:a/:b',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Grant partition b of cluster a to body.group_id (0/null: every group)', params: hpcPartitionParamsSchema, body: hpcGrantInputSchema, response: replies(groupQuotaChangeSchema) } },
    async (request) =>
      ok(
        request.id,
        'group_quota',
        await audited(request, 'partition_grant_change', `${request.params.a}/${request.params.b}/group:${request.body.group_id ?? 0}`, () =>
          grants.hpcGrant(request.params.a, request.params.b, request.body),
        ),
      ),
  );
  app.delete(
    '/kcluster/hpc/partitions/:a/:b',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: 'Revoke partition b of cluster a from group_id (0: the every-group grant)', params: hpcPartitionParamsSchema, querystring: hpcRevokeQuerySchema, response: replies(groupQuotaChangeSchema) } },
    async (request) =>
      ok(
        request.id,
        'group_quota',
        await audited(request, 'partition_grant_revoke', `${request.params.a}/${request.params.b}/group:${request.query.group_id}`, () =>
          grants.hpcRevoke(request.params.a, request.params.b, request.query.group_id),
        ),
      ),
  );
  app.patch(
    '/kcluster/hpc/partition',
    { config: { perms: adminWriteKeys }, schema: { tags, summary: "Change an existing grant's limits, by names", body: partitionQuotaInputSchema, response: replies(groupQuotaChangeSchema) } },
    async (request) =>
      ok(
        request.id,
        'group_quota',
        await audited(request, 'partition_grant_change', `${request.body.cluster_name}/${request.body.partition_name}/group:${request.body.group_name ?? '*'}`, () =>
          grants.patchByNames(request.body),
        ),
      ),
  );

  // ---------------------------------------------------------------- cluster quotas
  app.get(
    '/kcluster/hpc/clusterQuotas/user',
    { config: { perms: own }, schema: { tags, summary: "My and my group's cluster quotas", response: replies(z.array(clusterQuotaSchema)) } },
    async (request) => ok(request.id, 'cluster_quota', await clusterQuotas.mine(actorOf(request))),
  );
  app.get(
    '/kcluster/hpc/clusterQuotas/gadmin',
    { config: { perms: [clusterGadmin] }, schema: { tags, summary: 'Cluster quotas of my groups and their members', response: replies(z.array(clusterQuotaSchema)) } },
    async (request) => ok(request.id, 'cluster_quota', await clusterQuotas.groupAdmin(actorOf(request))),
  );
  app.get(
    '/kcluster/hpc/clusterQuotas/specUser/:id',
    { config: { perms: own }, schema: { tags, summary: "User {id}'s cluster quotas (self, group admin, admin)", params: idParamsSchema, response: replies(z.array(clusterQuotaSchema)) } },
    async (request) => ok(request.id, 'cluster_quota', await clusterQuotas.ofUser(actorOf(request), request.params.id)),
  );
  app.get(
    '/kcluster/hpc/clusterQuotas/specGroup/:id',
    { config: { perms: [...adminReadKeys, clusterGadmin] }, schema: { tags, summary: "Group {id}'s cluster quotas (its admin, admin)", params: idParamsSchema, response: replies(z.array(clusterQuotaSchema)) } },
    async (request) => ok(request.id, 'cluster_quota', await clusterQuotas.ofGroup(actorOf(request), request.params.id)),
  );
  app.get(
    '/kcluster/hpc/clusterQuotas/spec/user',
    { config: { perms: adminReadKeys }, schema: { tags, summary: "Every user's cluster quotas", querystring: clusterQuotaListQuerySchema, response: replies(listSchema(clusterQuotaSchema)) } },
    async (request) => ok(request.id, 'cluster_quota', await clusterQuotas.allUsers(request.query)),
  );
  app.patch(
    '/kcluster/hpc/clusterQuotas/:id',
    { config: { perms: [...adminWriteKeys, clusterGadmin] }, schema: { tags, summary: 'Change cluster quota {id} (group admins: their members, within the group quota)', params: idParamsSchema, body: clusterQuotaPatchInputSchema, response: replies(clusterQuotaSchema) } },
    async (request) =>
      ok(request.id, 'cluster_quota', await audited(request, 'cluster_quota_change', `cluster_quota:${request.params.id}`, () => clusterQuotas.patch(actorOf(request), request.params.id, request.body))),
  );
  app.get(
    '/kcluster/hpc/cluster/allusers/:id',
    { config: { perms: [...adminReadKeys, clusterGadmin] }, schema: { tags, summary: 'Users who may use cluster {id}, with their cluster quotas', params: idParamsSchema, response: replies(z.array(clusterUserSchema)) } },
    async (request) => ok(request.id, 'cluster_user', await clusterQuotas.clusterUsers(actorOf(request), request.params.id)),
  );
  app.post(
    '/kcluster/cluster_quota',
    { config: { perms: [...adminWriteKeys, clusterGadmin] }, schema: { tags, summary: "Set a user's or group's cluster quota (group admins: their members)", body: clusterQuotaInputSchema, response: replies(clusterQuotaSchema) } },
    async (request) =>
      ok(
        request.id,
        'cluster_quota',
        await audited(request, 'cluster_quota_change', `${request.body.cluster_name}/${request.body.user_name ? `user:${request.body.user_name}` : `group:${request.body.group_name}`}`, () =>
          clusterQuotas.upsert(actorOf(request), request.body),
        ),
      ),
  );
};
