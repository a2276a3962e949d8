import type { Database } from '../../db/client';
import type { AuthService } from '../identity/auth.service';
import { createSchedulerTokensRepo } from './scheduler-tokens.repo';
import { createSchedulerTokensService } from './scheduler-tokens.service';
import { schedulerRoutes } from './scheduler.routes';

export function createSchedulerModule({ db, auth, now }: { db: Database; auth: AuthService; now?: () => Date }) {
  return { tokens: createSchedulerTokensService({ repo: createSchedulerTokensRepo(db), auth, now }), routes: schedulerRoutes };
}
