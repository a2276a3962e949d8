import type { Database } from '../../db/client';
import type { ClusterBus } from '../../lib/cluster-bus';
import type { BindingService } from '../binding/binding.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { PartitionsService } from '../clusters/partitions.service';
import type { AccountsService } from '../identity/accounts.service';
import { createJobSubmitService, type JobSubmitDeps } from './job-submit.service';
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
  /** Lines that are not failures (a cluster's job sync working again after an outage). */
  notice?: (message: string) => void;
  sync?: Pick<JobsSyncDeps, 'stalenessMs' | 'maxWaitMs' | 'warmWaitMs' | 'backfillDays' | 'settleAfterGapMs' | 'settleEveryMs' | 'lostAfterMs' | 'onSynced'>;
  /** Told of every job look the sync records (monitor events). */
  onJobsSeen?: JobsSyncDeps['onSeen'];
  /** Job finished/failed messages to the users who opted in (the messages service). */
  notices?: Pick<JobNoticesDeps, 'send' | 'optedIn'>;
  /** Other console instances: a submit or cancel here makes their next list sync too. */
  bus?: Pick<ClusterBus, 'publish' | 'subscribe' | 'onResync'>;
  /** The fees module's `assertMaySubmit`: a user over their allocation is refused before the driver. */
  mayCharge?: JobSubmitDeps['mayCharge'];
}

const changedTopic = 'jobs.changed';

export function createJobsModule({ db, clusters, partitions, binding, accounts, log = () => undefined, notice, sync: syncSettings, onJobsSeen, notices, bus, mayCharge }: JobsModuleDeps) {
  const repo = createJobsRepo(db);
  const jobNotices = notices && createJobNotices({ ...notices, accountOwners: binding.accountOwners });
  // both observers run; one failing does not keep the other from seeing the jobs
  const onSeen: JobsSyncDeps['onSeen'] = async (cluster, seen) => {
    await jobNotices?.(cluster, seen).catch((error: unknown) => log(error, `sending the job notices of cluster ${cluster.name}`));
    await onJobsSeen?.(cluster, seen);
  };
  const localSync = createJobsSync({ repo, clusters, log, notice, ...syncSettings, onSeen });
  bus?.subscribe(changedTopic, (message) => localSync.invalidate((message as { clusterId: number }).clusterId));
  const sync: typeof localSync = {
    ...localSync,
    invalidate(clusterId) {
      localSync.invalidate(clusterId);
      bus?.publish(changedTopic, { clusterId });
    },
  };
  const service = createJobsService({ repo, sync, clusters, binding, accounts });
  const submit = createJobSubmitService({ clusters, partitions, binding, sync, mayCharge });
  /**
   * The leader syncs every enabled cluster this often even when nobody lists, so jobs the controller forgets
   * (MinJobAge) are settled from accounting in the background too. Stopping waits for a round under way.
   */
  function startBackgroundSync(isLeader: () => boolean, everyMs = 30_000) {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (running || !isLeader()) return;
      running = clusters
        .enabledHpcRows()
        .then((rows) => localSync.ensureFresh(rows, { wait: false }))
        .catch((error: unknown) => log(error, 'syncing the jobs in the background'))
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await running;
      },
    };
  }
  return { service, submit, sync, routes: jobsRoutes, startBackgroundSync };
}

export type JobsModule = ReturnType<typeof createJobsModule>;
