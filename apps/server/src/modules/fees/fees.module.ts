import type { Database } from '../../db/client';
import type { ClustersService } from '../clusters/clusters.service';
import { startMonitorPoller } from '../monitor/monitor-poller';
import { createAllocationView } from './allocations.view';
import { createCpuHourGrants } from './application-grants';
import { createFeeStatusService, type FeeStatusDeps } from './fee-status.service';
import { createFeesAdminService } from './fees-admin.service';
import { createFeesBoardsService } from './fees-boards.service';
import { feesRoutes } from './fees.routes';
import { createFeesRepo } from './fees.repo';
import { createFeesSync } from './fees-sync.service';
import { createPeopleRepo } from './people.repo';

export interface FeesModuleDeps {
  db: Database;
  clusters: Pick<ClustersService, 'enabledHpcRows' | 'scheduler'>;
  /** Seconds between accounting reads on the leader; 0: only when asked (POST /fee/sync, tests). */
  syncSeconds: number;
  /** How far back the first read of a cluster's accounting goes (STARLIGHT_FEES_BACKFILL_DAYS, 30). */
  backfillDays?: number;
  now?: () => Date;
  log?: (error: unknown, context: string) => void;
  /** The messages module's send: users who become over the limit are told (fee_over_limit). */
  send?: FeeStatusDeps['send'];
}

/**
 * CPU-hours and fees from the clusters' own accounting: usage rows, price tables, allocations, the
 * over-limit rule (in the console and written into Slurm), boards and reports. See README.md.
 */
export function createFeesModule({ db, clusters, syncSeconds, backfillDays, now, log = () => undefined, send }: FeesModuleDeps) {
  const repo = createFeesRepo(db);
  const people = createPeopleRepo(db);
  const allocations = createAllocationView({ repo, people });
  const status = createFeeStatusService({ repo, people, allocations, clusters, now, log, ...(send ? { send } : {}) });
  const reader = createFeesSync({ repo, people, clusters, now, log, ...(backfillDays ? { backfillDays } : {}) });
  const admin = createFeesAdminService({ repo, people, allocations, now, changed: () => status.enforce() });
  const boards = createFeesBoardsService({ repo, people, allocations, status, now });

  /** One round: read new accounting, refresh the touched days' snapshots, tell the clusters who is over. */
  async function syncNow() {
    const result = await reader.syncAll();
    const today = (now?.() ?? new Date()).toISOString().slice(0, 10);
    await repo.snapDays([...new Set([...result.days, today])], await repo.allActive(now?.() ?? new Date()));
    const warnings = [...result.warnings, ...(await status.enforce())];
    return { clusters: result.clusters, rows: result.rows, charged: result.charged, warnings };
  }

  return {
    /** For other modules: `assertMaySubmit(actor, clusterName)` before any submit; `status(userId)`. */
    service: {
      assertMaySubmit: status.assertMaySubmit,
      status: status.status,
      /** The accounting rows with GPU-seconds that ended in [from, to) (the statistics resource report). */
      gpuUsageBetween: (from: Date, to: Date) => repo.gpuUsageBetween(from, to),
    },
    repo,
    reader,
    syncNow,
    /** CPU hours granted by an approval (the approvals module's cpu_hours kind). */
    applicationGrants: createCpuHourGrants({ clusters, changed: () => status.enforce(), now }),
    routes: feesRoutes,
    routeDeps: { admin, boards, status, syncNow },
    /** Reads on the leader only (the cluster bus's; always, alone); stop() belongs in onClose. */
    startPolling: (isLeader?: () => boolean) => startMonitorPoller({ seconds: syncSeconds, poll: async () => void (await syncNow()), log: (error) => log(error, 'reading the clusters\' accounting'), isLeader }),
  };
}

export type FeesModule = ReturnType<typeof createFeesModule>;
