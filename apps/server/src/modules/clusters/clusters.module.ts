import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { LocalUsers } from '../../drivers/local-users/unix-users';
import type { ClusterBus } from '../../lib/cluster-bus';
import { clusterAccessRoutes } from './cluster-access.routes';
import { createClusterDrivers } from './cluster-drivers.service';
import { createClusterLiveService } from './cluster-live.service';
import { createClustersRepo } from './clusters.repo';
import { clustersRoutes } from './clusters.routes';
import { createClustersService, type ClustersService } from './clusters.service';
import { createLocalJobsRepo } from './local-jobs.repo';
import { busQueueCoordination } from './local-queue-coordination';
import { createNetworkPolicyRepo } from './network-policy.repo';
import { createNetworkPolicyService } from './network-policy.service';
import { createPartitionsService, type PartitionsService } from './partitions.service';

export interface ClustersModuleDeps {
  db: Database;
  dataDir: string;
  /** User name → id (identity's accounts service), for network policies. */
  findUserId: (userName: string) => Promise<number | null>;
  log?: (error: unknown, context: string) => void;
  /** Lines that are not failures (a scheduler answering again after an outage). */
  notice?: (message: string) => void;
  /** Dedicated Unix users for the local cluster's accounts (server running as root); absent: jobs run as the server's user. */
  localUsers?: LocalUsers;
  /** Several console instances: the leader runs the local queues, the others forward to it. */
  bus?: Pick<ClusterBus, 'isLeader' | 'onLeadership' | 'publish' | 'subscribe'>;
}

/** Clusters, partitions, live views, network policies and the per-cluster drivers; app.ts closes `drivers` when the app closes. */
export function createClustersModule({ db, dataDir, findUserId, log, notice, localUsers, bus }: ClustersModuleDeps) {
  const repo = createClustersRepo(db);
  const drivers = createClusterDrivers({ dataDir, localStore: createLocalJobsRepo(db), coordination: bus && busQueueCoordination(bus), onError: log, localUsers });
  const clusters = createClustersService({ repo, drivers });
  const partitions = createPartitionsService({ repo, clusters, log, notice });
  const live = createClusterLiveService({ clusters, partitions, log });
  const networkPolicies = createNetworkPolicyService({ repo: createNetworkPolicyRepo(db), clusters, findUserId });
  const routes: FastifyPluginAsyncZod<{ clusters: ClustersService; partitions: PartitionsService }> = async (app, options) => {
    await app.register(clustersRoutes, { clusters: options.clusters, partitions: options.partitions });
    await app.register(clusterAccessRoutes, { live, policies: networkPolicies });
  };
  return { clusters, partitions, live, networkPolicies, drivers, routes };
}

export type ClustersModule = ReturnType<typeof createClustersModule>;
