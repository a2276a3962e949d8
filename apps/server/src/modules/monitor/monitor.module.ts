import type { ClustersService } from '../clusters/clusters.service';
import type { JobsService } from '../jobs/jobs.service';
import { monitorRoutes } from './monitor.routes';
import { createMonitorService } from './monitor.service';

export function createMonitorModule({ clusters, jobs }: { clusters: ClustersService; jobs: JobsService }) {
  return { service: createMonitorService({ clusters, jobs }), routes: monitorRoutes };
}
