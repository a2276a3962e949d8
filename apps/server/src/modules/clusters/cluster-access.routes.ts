import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  clusterNodeSchema,
  clusterPartitionParamsSchema,
  clusterStatusSchema,
  networkPolicyCreateInputSchema,
  networkPolicyListQuerySchema,
  networkPolicySchema,
} from '@starlight/contract/cluster-access';
import { idParamsSchema, partitionStatusSchema } from '@starlight/contract/hpc';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ClusterLiveService } from './cluster-live.service';
import type { NetworkPolicyService } from './network-policy.service';

const tags = ['clusters'];
const clusterAdmin: PermissionKey[] = ['kcluster_clusters_admin'];
const boundUsers: PermissionKey[] = ['binded_account', 'kcluster_clusters_admin'];
const partitionParamsSchema = z.object({ cluster_name: z.string(), partition: z.string(), params: z.record(z.string(), z.unknown()) });

/** Live cluster views, the spec's k8s calls and network policies (spec §7 "Clusters and partitions"). */
export const clusterAccessRoutes: FastifyPluginAsyncZod<{ live: ClusterLiveService; policies: NetworkPolicyService }> = async (app, { live, policies }) => {
  const isAdmin = (request: Parameters<typeof actorOf>[0]) => actorOf(request).permissions.includes('kcluster_clusters_admin');

  app.get(
    '/kcluster/cluster/:id/status',
    { config: { perms: clusterAdmin }, schema: { tags, summary: "A cluster's live state from its scheduler (down: says why)", params: idParamsSchema, response: replies(clusterStatusSchema) } },
    async (request) => ok(request.id, 'cluster_status', await live.status(request.params.id)),
  );
  app.get(
    '/kcluster/k8s/active/Users',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Users with running workloads on the kubernetes clusters', response: replies(z.array(z.string())) } },
    async (request) => ok(request.id, 'user', await live.activeUsers()),
  );
  app.get(
    '/kcluster/k8s/nodes/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Nodes of cluster id (HPC: from the scheduler)', params: idParamsSchema, response: replies(z.array(clusterNodeSchema)) } },
    async (request) => ok(request.id, 'node', await live.nodes(request.params.id)),
  );
  app.get(
    '/kcluster/k8s/ready_nodes/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Nodes of cluster id that take work', params: idParamsSchema, response: replies(z.array(clusterNodeSchema)) } },
    async (request) => ok(request.id, 'node', await live.readyNodes(request.params.id)),
  );
  app.get(
    '/kcluster/k8s/partition/status/:a/:b',
    { config: { perms: boundUsers }, schema: { tags, summary: 'Live state of partition b of cluster a', params: clusterPartitionParamsSchema, response: replies(partitionStatusSchema) } },
    async (request) => ok(request.id, 'partition_status', await live.partitionStatus(request.params.a, request.params.b, isAdmin(request))),
  );
  app.get(
    '/kcluster/k8s/partition/params/:a/:b',
    { config: { perms: boundUsers }, schema: { tags, summary: 'Launch parameters of partition b of cluster a (12112: none configured)', params: clusterPartitionParamsSchema, response: replies(partitionParamsSchema) } },
    async (request) => ok(request.id, 'partition_params', await live.partitionParams(request.params.a, request.params.b, isAdmin(request))),
  );

  app.get(
    '/kcluster/network-policy',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Network policies', querystring: networkPolicyListQuerySchema, response: replies(listSchema(networkPolicySchema)) } },
    async (request) => {
      const q = request.query;
      return ok(request.id, 'network_policy', await policies.list({ cluster: q.field_eq_cluster, user: q.field_eq_user }, q.page, q.page_size));
    },
  );
  app.post(
    '/kcluster/network-policy',
    { config: { perms: clusterAdmin }, schema: { tags, summary: "Give a user a cluster network policy (or fork another user's)", body: networkPolicyCreateInputSchema, response: replies(networkPolicySchema) } },
    async (request) => ok(request.id, 'network_policy', await policies.create(request.body)),
  );
  app.get(
    '/kcluster/network-policy/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'One network policy', params: idParamsSchema, response: replies(networkPolicySchema) } },
    async (request) => ok(request.id, 'network_policy', await policies.get(request.params.id)),
  );
  app.delete(
    '/kcluster/network-policy/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Remove a network policy', params: idParamsSchema, response: replies(z.null()) } },
    async (request) => ok(request.id, 'network_policy', await policies.remove(request.params.id).then(() => null)),
  );
};
