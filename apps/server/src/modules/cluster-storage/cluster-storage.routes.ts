import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  filesystemInputSchema,
  filesystemParamsSchema,
  filesystemPatchSchema,
  filesystemQuerySchema,
  filesystemSchema,
  partStoRelDeleteQuerySchema,
  partStoRelInputSchema,
  partStoRelQuerySchema,
  partStoRelSchema,
  storageSpecItemSchema,
  storageSpecQuerySchema,
} from '@starlight/contract/cluster-storage';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { StorageSpecService } from './storage-spec.service';
import type { StoragesService } from './storages.service';

const tags = ['cluster-storage'];
const clusterAdmin: PermissionKey[] = ['kcluster_clusters_admin'];
/** §2 partition-storages [query_partitions_admin]; fs [udt_client_manage]. */
const relationReaders: PermissionKey[] = ['kcluster_clusters_admin', 'query_partitions_admin'];
const filesystemReaders: PermissionKey[] = ['kcluster_clusters_admin', 'query_partitions_admin', 'udt_client_manage'];
const done = z.null();

/** Spec §7: /kcluster/partStoRel, /kcluster/filesystems (and, in the same style, writing filesystems), the storage spec list. */
export const clusterStorageRoutes: FastifyPluginAsyncZod<{ storages: StoragesService; spec: StorageSpecService }> = async (app, { storages, spec }) => {
  app.get(
    '/kcluster/filesystems',
    { config: { perms: filesystemReaders }, schema: { tags, summary: 'Storages (filesystems) of the clusters, with their partitions and whether offered (§5)', querystring: filesystemQuerySchema, response: replies(z.array(filesystemSchema)) } },
    async (request) => ok(request.id, 'filesystems', await storages.filesystems(request.query.cluster_name)),
  );
  app.post(
    '/kcluster/filesystems',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Add a storage to a cluster', body: filesystemInputSchema, response: replies(filesystemSchema) } },
    async (request) => ok(request.id, 'filesystem', await storages.create(request.body)),
  );
  app.patch(
    '/kcluster/filesystems/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: "Change a storage's root template or description", params: filesystemParamsSchema, body: filesystemPatchSchema, response: replies(filesystemSchema) } },
    async (request) => ok(request.id, 'filesystem', await storages.update(request.params.id, request.body)),
  );
  app.delete(
    '/kcluster/filesystems/:id',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Remove a storage record (files on disk are left alone)', params: filesystemParamsSchema, response: replies(done) } },
    async (request) => {
      await storages.remove(request.params.id);
      return ok(request.id, 'filesystem', null);
    },
  );

  app.get(
    '/kcluster/partStoRel',
    { config: { perms: relationReaders }, schema: { tags, summary: 'Partition-to-storage relations (cluster storage records)', querystring: partStoRelQuerySchema, response: replies(listSchema(partStoRelSchema)) } },
    async (request) => {
      const list = await storages.relations(request.query);
      return ok(request.id, 'partStoRel', { list, total: list.length });
    },
  );
  app.post(
    '/kcluster/partStoRel',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Relate a storage to a partition of its cluster', body: partStoRelInputSchema, response: replies(partStoRelSchema) } },
    async (request) => ok(request.id, 'partStoRel', await storages.relate(request.body)),
  );
  app.delete(
    '/kcluster/partStoRel',
    { config: { perms: clusterAdmin }, schema: { tags, summary: 'Remove a partition-to-storage relation', querystring: partStoRelDeleteQuerySchema, response: replies(done) } },
    async (request) => {
      await storages.unrelate(request.query);
      return ok(request.id, 'partStoRel', null);
    },
  );

  app.get(
    '/storage/hpc/storage/spec',
    {
      // any logged-in caller; without a bound account the service answers 1403 'bind a system account first'
      config: { perms: [] },
      schema: { tags, summary: 'The storages offered to the caller (§5), StorageName first; verbose: root, quota, usage', querystring: storageSpecQuerySchema, response: replies(listSchema(storageSpecItemSchema)) },
    },
    async (request) => {
      const list = await spec.list(actorOf(request), request.query);
      return ok(request.id, 'storage_spec', { list, total: list.length });
    },
  );
};
