import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { AuditRecorder } from '../audit/audit.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { PartitionsService } from '../clusters/partitions.service';
import { createAccessService } from './access.service';
import { createAvailabilityService } from './availability.service';
import { createClusterQuotasService } from './cluster-quotas.service';
import { createApplicationGrants } from './application-grants';
import { createGrantsService } from './grants.service';
import { hpcQuotasRoutes } from './hpc-quotas.routes';
import { partitionQuotasRoutes } from './partition-quotas.routes';
import { createQuotasRepo } from './quotas.repo';
import { createScope } from './scope';
import { createSlurmSync } from './slurm-sync.service';
import { createUserQuotasService } from './user-quotas.service';
import { createQuotaNotices } from './quota-notices';
import type { SendMessage } from '../messages/send.service';
import { createViews } from './views';

export interface QuotasModuleDeps {
  db: Database;
  clusters: ClustersService;
  partitions: PartitionsService;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  /** Grant and quota changes are recorded in the audit log. */
  audit?: AuditRecorder;
  /** The messages module's send: users are told when a quota reaching them changed. */
  send?: SendMessage;
}

/**
 * Partition grants, user and cluster quotas, and the availability they decide. Creating the module
 * hands its policy to the partitions service, so `/kcluster/user/available/*` and job submits answer
 * from the grants from then on.
 */
export function createQuotasModule({ db, clusters, partitions, log, now, audit, send }: QuotasModuleDeps) {
  const repo = createQuotasRepo(db);
  const scope = createScope(repo);
  const access = createAccessService({ repo, partitions, now });
  partitions.useAccessPolicy(access.policy);
  const views = createViews({ repo, clusters, now });
  const sync = createSlurmSync({ repo, clusters, access, log });
  const notices = createQuotaNotices({ repo, send, log });
  const grants = createGrantsService({ repo, clusters, partitions, views, scope, sync, notices, now });
  const userQuotas = createUserQuotasService({ repo, grants, access, views, scope, sync, notices, now });
  const clusterQuotas = createClusterQuotasService({ repo, clusters, access, views, scope, notices, now });
  const availability = createAvailabilityService({ repo, access, grants, scope });

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(partitionQuotasRoutes, { grants, userQuotas, availability, audit });
    await app.register(hpcQuotasRoutes, { grants, clusterQuotas, availability, audit });
  };

  return {
    grants,
    userQuotas,
    clusterQuotas,
    availability,
    access,
    sync,
    /** Grants written by approvals, inside their transaction (modules/approvals). */
    applicationGrants: createApplicationGrants({ grants, sync, notices, partitions, access, ...(now ? { now } : {}) }),
    routes,
    /**
     * A fresh install (no cluster before start): the embedded default cluster's partitions are granted
     * to every group, so the first users can bind and submit at once. Later clusters start ungranted.
     */
    async grantDefaultCluster(clusterName: string): Promise<void> {
      const cluster = await clusters.rowByName(clusterName);
      if (!cluster) return;
      for (const partition of await partitions.known(cluster)) await grants.grantEveryGroup(cluster, partition.name);
    },
  };
}

export type QuotasModule = ReturnType<typeof createQuotasModule>;
