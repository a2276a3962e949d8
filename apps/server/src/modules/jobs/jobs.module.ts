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
import { createJobNotices, type JobNoticesDeps } from './job-notices';

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
  /** Job finished/failed messages to the users who opted in (the messages service). */
  notices?: Pick<JobNoticesDeps, 'send' | 'optedIn'>;
}

export function createJobsModule({ db, clusters, partitions, binding, accounts, log = () => undefined, sync: syncSettings, onJobsSeen, notices }: JobsModuleDeps) {
  const repo = createJobsRepo(db);
  const jobNotices = notices && createJobNotices({ ...notices, accountOwners: binding.accountOwners });
  // both observers run; one failing does not keep the other from seeing the jobs
  const onSeen: JobsSyncDeps['onSeen'] = async (cluster, seen) => {
    await jobNotices?.(cluster, seen).catch((error: unknown) => log(error, `sending the job notices of cluster ${cluster.name}`));
    await onJobsSeen?.(cluster, seen);
  };
  const sync = createJobsSync({ repo, clusters, log, ...syncSettings, onSeen });
  const service = createJobsService({ repo, sync, clusters, binding, accounts });
  const submit = createJobSubmitService({ clusters, partitions, binding, sync });
  return { service, submit, sync, routes: jobsRoutes };
}

export type JobsModule = ReturnType<typeof createJobsModule>;
