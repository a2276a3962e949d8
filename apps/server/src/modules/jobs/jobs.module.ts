import type { Database } from '../../db/client';
import type { BindingService } from '../binding/binding.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { PartitionsService } from '../clusters/partitions.service';
import type { AccountsService } from '../identity/accounts.service';
import { createJobSubmitService } from './job-submit.service';
import { createJobsRepo } from './jobs.repo';
import { jobsRoutes } from './jobs.routes';
import { createJobsService } from './jobs.service';
import { createJobsSync, type JobsSyncDeps } from './jobs-sync.service';

export interface JobsModuleDeps {
  db: Database;
  clusters: ClustersService;
  partitions: PartitionsService;
  binding: BindingService;
  accounts: AccountsService;
  log?: (error: unknown, context: string) => void;
  sync?: Pick<JobsSyncDeps, 'stalenessMs' | 'maxWaitMs' | 'warmWaitMs' | 'backfillDays'>;
  /** Told of every job look the sync records (monitor events). */
  onJobsSeen?: JobsSyncDeps['onSeen'];
}

export function createJobsModule({ db, clusters, partitions, binding, accounts, log, sync: syncSettings, onJobsSeen }: JobsModuleDeps) {
  const repo = createJobsRepo(db);
  const sync = createJobsSync({ repo, clusters, log, ...syncSettings, onSeen: onJobsSeen });
  const service = createJobsService({ repo, sync, clusters, binding, accounts });
  const submit = createJobSubmitService({ clusters, partitions, binding, sync });
  return { service, submit, sync, routes: jobsRoutes };
}

export type JobsModule = ReturnType<typeof createJobsModule>;
