import type { Database } from '../../db/client';
import { generateDemoStatistics } from './demo-statistics';
import { appSource, approvalSource, imageSource, workflowSource, type ApprovalActivityRows, type ImageActivityRows, type RunActivityRow } from './module-sources';
import { activeUsersSource, resourceSource, type EndedJob, type GpuUsage, type StatisticsSource } from './sources';
import { createStatisticsRepo } from './statistics.repo';
import { statisticsRoutes } from './statistics.routes';
import { createStatisticsService } from './statistics.service';

/** The services the reports are computed from (handed in by app.ts; never their tables). */
export interface StatisticsModuleDeps {
  db: Database;
  signInsBetween: (from: Date, to: Date) => Promise<{ userName: string; result: string; detail: string }[]>;
  registeredBetween: (from: Date, to: Date) => Promise<{ userName: string }[]>;
  endedBetween: (from: Date, to: Date) => Promise<EndedJob[]>;
  capacity: () => Promise<{ cluster: string; partition: string; cpus: number }[]>;
  /** The fees module's accounting rows with GPU-seconds (the jobs table has no GPU count). */
  gpuBetween?: (from: Date, to: Date) => Promise<GpuUsage[]>;
  /** Identity: group name → community name (core- and GPU-hours by community). */
  communityByGroup?: () => Promise<Map<string, string>>;
  /** The application center's runs (workflow and app reports). */
  runsBetween?: (from: Date, to: Date) => Promise<RunActivityRow[]>;
  /** The approvals module's applications (approval report). */
  approvalsBetween?: (from: Date, to: Date) => Promise<ApprovalActivityRows>;
  /** The image hub's grants and storage (image report). */
  imagesBetween?: (from: Date, to: Date) => Promise<ImageActivityRows>;
  /** Identity: the group names a user may filter the resource report by without its key. */
  visibleGroupNames: (userId: number) => Promise<string[]>;
  now?: (() => Date) | undefined;
}

const optional = <T>(read: T | undefined, make: (read: T) => StatisticsSource[]): StatisticsSource[] => (read ? make(read) : []);

export function createStatisticsModule(deps: StatisticsModuleDeps) {
  const repo = createStatisticsRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const service = createStatisticsService({
    repo,
    now,
    sources: [
      activeUsersSource({ signInsBetween: deps.signInsBetween, registeredBetween: deps.registeredBetween }),
      resourceSource({ endedBetween: deps.endedBetween, capacity: deps.capacity, gpuBetween: deps.gpuBetween, communityByGroup: deps.communityByGroup }),
      ...optional(deps.runsBetween, (runs) => [workflowSource(runs), appSource(runs)]),
      ...optional(deps.approvalsBetween, (read) => [approvalSource(read)]),
      ...optional(deps.imagesBetween, (read) => [imageSource(read, now)]),
    ],
  });
  const generateDemo = () => generateDemoStatistics(repo, now());
  return {
    service,
    routes: statisticsRoutes,
    visibleGroupNames: deps.visibleGroupNames,
    /** POST /statistics/demo: not run at every demo start (it writes a year of rows; tests start many apps). */
    generateDemo,
  };
}
