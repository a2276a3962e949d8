import type { Database } from '../../db/client';
import { createClusterDrivers } from './cluster-drivers.service';
import { createClustersRepo } from './clusters.repo';
import { clustersRoutes } from './clusters.routes';
import { createClustersService } from './clusters.service';
import { createLocalJobsRepo } from './local-jobs.repo';
import { createPartitionsService } from './partitions.service';

export interface ClustersModuleDeps {
  db: Database;
  dataDir: string;
  log?: (error: unknown, context: string) => void;
}

/** Clusters, partitions and the per-cluster drivers; app.ts closes `drivers` when the app closes. */
export function createClustersModule({ db, dataDir, log }: ClustersModuleDeps) {
  const repo = createClustersRepo(db);
  const drivers = createClusterDrivers({ dataDir, localStore: createLocalJobsRepo(db), onError: log });
  const clusters = createClustersService({ repo, drivers });
  const partitions = createPartitionsService({ repo, clusters, log });
  return { clusters, partitions, drivers, routes: clustersRoutes };
}

export type ClustersModule = ReturnType<typeof createClustersModule>;
