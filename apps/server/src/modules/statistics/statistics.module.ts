import type { Database } from '../../db/client';
import { generateDemoStatistics } from './demo-statistics';
import { activeUsersSource, resourceSource, type EndedJob } from './sources';
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
  now?: (() => Date) | undefined;
}

export function createStatisticsModule(deps: StatisticsModuleDeps) {
  const repo = createStatisticsRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const service = createStatisticsService({
    repo,
    now,
    sources: [
      activeUsersSource({ signInsBetween: deps.signInsBetween, registeredBetween: deps.registeredBetween }),
      resourceSource({ endedBetween: deps.endedBetween, capacity: deps.capacity }),
    ],
  });
  const generateDemo = () => generateDemoStatistics(repo, now());
  return {
    service,
    routes: statisticsRoutes,
    /** POST /statistics/demo: not run at every demo start (it writes a year of rows; tests start many apps). */
    generateDemo,
  };
}
