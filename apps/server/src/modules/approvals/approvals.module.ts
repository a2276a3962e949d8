import type { Database } from '../../db/client';
import type { SendMessage } from '../messages/send.service';
import { createApplicationsService } from './applications.service';
import { createApprovalsRepo } from './approvals.repo';
import { approvalsRoutes } from './approvals.routes';
import { createChainsService } from './chains.service';
import { createExpiryService } from './expiry.service';
import { createKindRegistry, type KindOwners } from './kinds';
import { createApprovalNotices } from './notices';

export interface ApprovalsModuleDeps extends KindOwners {
  db: Database;
  send?: SendMessage;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  /** How often reminders and expiries are looked for (0: only when `sweep` is called, as in tests). */
  sweepEveryMs?: number;
  /** Several instances: only the leader sweeps (each step is safe to repeat anyway). */
  isLeader?: () => boolean;
}

/** Approval chains, applications and their effects (issue 11; README). */
export function createApprovalsModule({ db, send, log, now, sweepEveryMs = 5 * 60_000, isLeader = () => true, ...owners }: ApprovalsModuleDeps) {
  const repo = createApprovalsRepo(db);
  const kinds = createKindRegistry(owners);
  const notices = createApprovalNotices({ send, log });
  const chains = createChainsService({ repo, kinds });
  const applications = createApplicationsService({ repo, kinds, notices, ...(now ? { now } : {}) });
  const expiry = createExpiryService({ repo, kinds, notices, ...(now ? { now } : {}) });
  let timer: NodeJS.Timeout | undefined;
  return {
    chains,
    applications,
    expiry,
    routes: approvalsRoutes,
    async start(): Promise<void> {
      await chains.ensureDefaults();
      // catch up on what ended while the server was down (every step is safe to repeat on several instances)
      await expiry.sweep().catch((error: unknown) => log?.(error, 'approval expiry sweep'));
      if (sweepEveryMs > 0 && !timer) {
        timer = setInterval(() => isLeader() && void expiry.sweep().catch((error: unknown) => log?.(error, 'approval expiry sweep')), sweepEveryMs);
        timer.unref();
      }
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

export type ApprovalsModule = ReturnType<typeof createApprovalsModule>;
