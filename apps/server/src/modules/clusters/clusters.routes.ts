import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  availableClusterSchema,
  availablePartitionSchema,
  availablePartitionsQuerySchema,
  clusterCreateInputSchema,
  clusterListQuerySchema,
  clusterPatchInputSchema,
  clusterSchema,
  idParamsSchema,
  partitionCreateInputSchema,
  partitionListQuerySchema,
  partitionPatchInputSchema,
  partitionSchema,
  partitionStatusParamsSchema,
  partitionStatusSchema,
} from '@starlight/contract/hpc';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ClustersService } from './clusters.service';
import type { PartitionsService } from './partitions.service';

const tags = ['clusters'];
const clusterAdmin: PermissionKey[] = ['kcluster_clusters_admin'];
const partitionReaders: PermissionKey[] = ['kcluster_clusters_admin', 'query_partitions_admin'];
/** Any bound user (spec §2 /cluster-partition [binded_account]), and administrators. */
const boundUsers: PermissionKey[] = ['binded_account', 'kcluster_clusters_admin'];
const done = z.null();

/** Spec §7 "Clusters and partitions": cluster records, partitions (discovered + described), availability. */
export const clustersRoutes: FastifyPluginAsyncZod<{ clusters: ClustersService; partitions: PartitionsService }> = async (
  app,
  { clusters, partitions },
) => {
  app.get(
    '/kcluster/cluster',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Clusters (secrets never included)', querystring: clusterListQuerySchema, response: replies(listSchema(clusterSchema)) } },
    async (request) => ok(request.id, 'cluster', await clusters.list(request.query)),
  );
  app.post(
    '/kcluster/cluster',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Register a cluster', body: clusterCreateInputSchema, response: replies(clusterSchema) } },
    async (request) => ok(request.id, 'cluster', await clusters.create(request.body)),
  );
  app.get(
    '/kcluster/cluster/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'One cluster', params: idParamsSchema, response: replies(clusterSchema) } },
    async (request) => ok(request.id, 'cluster', await clusters.get(request.params.id)),
  );
  app.patch(
    '/kcluster/cluster/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Enable, disable or reconfigure a cluster', params: idParamsSchema, body: clusterPatchInputSchema, response: replies(clusterSchema) } },
    async (request) => ok(request.id, 'cluster', await clusters.update(request.params.id, request.body)),
  );
  app.delete(
    '/kcluster/cluster/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Remove a cluster and its synced jobs', params: idParamsSchema, response: replies(done) } },
    async (request) => ok(request.id, 'cluster', await clusters.remove(request.params.id).then(() => null)),
  );

  app.get(
    '/kcluster/partitions',
    { config: { perms: partitionReaders }, schema: { tags, summary: 'Partitions of every cluster, live and described', querystring: partitionListQuerySchema, response: replies(listSchema(partitionSchema)) } },
    async (request) => ok(request.id, 'partition', await partitions.list(request.query)),
  );
  app.post(
    '/kcluster/partitions',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Describe a partition', body: partitionCreateInputSchema, response: replies(partitionSchema) } },
    async (request) => ok(request.id, 'partition', await partitions.create(request.body)),
  );
  app.get(
    '/kcluster/partitions/:id',
    { config: { perms: partitionReaders }, schema: { tags, summary: 'One partition', params: idParamsSchema, response: replies(partitionSchema) } },
    async (request) => ok(request.id, 'partition', await partitions.get(request.params.id)),
  );
  app.patch(
    '/kcluster/partitions/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: "Edit a partition's description and types", params: idParamsSchema, body: partitionPatchInputSchema, response: replies(partitionSchema) } },
    async (request) => ok(request.id, 'partition', await partitions.update(request.params.id, request.body)),
  );
  app.delete(
    '/kcluster/partitions/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: "Forget a partition's description", params: idParamsSchema, response: replies(done) } },
    async (request) => ok(request.id, 'partition', await partitions.remove(request.params.id).then(() => null)),
  );

  app.get(
    '/kcluster/hpc/partition/status/:a/:b',
    { config: { perms: boundUsers }, schema: { tags, summary: 'Live state of partition b of cluster a', params: partitionStatusParamsSchema, response: replies(partitionStatusSchema) } },
    async (request) => {
      const asAdmin = actorOf(request).permissions.includes('kcluster_clusters_admin');
      return ok(request.id, 'partition_status', await partitions.status(request.params.a, request.params.b, asAdmin));
    },
  );
  app.get(
    '/kcluster/user/available/partitions',
    { config: { perms: boundUsers }, schema: { tags, summary: 'Partitions the caller may use (private ones left out, spec §5)', querystring: availablePartitionsQuerySchema, response: replies(z.array(availablePartitionSchema)) } },
    async (request) => ok(request.id, 'partition', await partitions.availablePartitions(actorOf(request))),
  );
  app.get(
    '/kcluster/user/available/clusters',
    { config: { perms: boundUsers }, schema: { tags, summary: 'Clusters the caller may use', response: replies(z.array(availableClusterSchema)) } },
    async (request) => ok(request.id, 'cluster', await partitions.availableClusters(actorOf(request))),
  );
};
