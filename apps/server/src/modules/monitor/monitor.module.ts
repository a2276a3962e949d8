import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { AuditRecorder } from '../audit/audit.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { JobsService } from '../jobs/jobs.service';
import { createDashboardRepo } from './dashboard.repo';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';
import { createDevicesRepo } from './devices.repo';
import { devicesRoutes } from './devices.routes';
import { createDevicesService } from './devices.service';
import { createEventsRepo } from './events.repo';
import { createEventsService } from './events.service';
import { createMetricsSettingsRepo } from './metrics-settings.repo';
import { metricsRoutes } from './metrics.routes';
import { createMetricsService, type MetricsEnvDefault } from './metrics.service';
import { startMonitorPoller } from './monitor-poller';
import { monitorRoutes } from './monitor.routes';
import { createMonitorService } from './monitor.service';

export interface MonitorModuleDeps {
  db: Database;
  clusters: ClustersService;
  jobs: JobsService;
  /** Device changes and metrics-source changes are audited. */
  audit: AuditRecorder;
  /** The environment's metrics default and the node polling interval (config.monitor). */
  settings: MetricsEnvDefault & { pollSeconds: number };
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
}

/**
 * Monitoring (spec §2 /monitor): nodes, events, summary, node metrics, hardware devices. The jobs
 * module reports what its sync sees to `events.jobsSeen` (wired in app.ts); `startPolling()` looks at
 * the nodes every settings.pollSeconds, and its `stop()` belongs in the app's onClose.
 */
export function createMonitorModule({ db, clusters, jobs, audit, settings, log = () => undefined, now }: MonitorModuleDeps) {
  const events = createEventsService({ repo: createEventsRepo(db), now });
  const service = createMonitorService({ clusters, jobs, events, log, now });
  const metrics = createMetricsService({ repo: createMetricsSettingsRepo(db), clusters, jobs, env: settings, now });
  const devices = createDevicesService({ repo: createDevicesRepo(db), clusters });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(monitorRoutes, { monitor: service, events });
    await app.register(metricsRoutes, { metrics, monitor: service, audit });
    await app.register(devicesRoutes, { devices, audit });
    await app.register(dashboardRoutes, { dashboard: createDashboardService({ repo: createDashboardRepo(db) }), audit });
  };
  return {
    service,
    events,
    metrics,
    devices,
    routes,
    /** Polls while `isLeader()` (the cluster bus's leader; always, alone). */
    startPolling: (isLeader?: () => boolean) => startMonitorPoller({ seconds: settings.pollSeconds, poll: service.poll, log, isLeader }),
  };
}

export type MonitorModule = ReturnType<typeof createMonitorModule>;
