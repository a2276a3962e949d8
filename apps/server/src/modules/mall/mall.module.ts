import type { Database } from '../../db/client';
import { createMallRepo } from './mall.repo';
import { mallRoutes } from './mall.routes';
import { createMallService } from './mall.service';

/** The points mall (README.md). `service.award(userId, event)` is for identity's registration and verification. */
export function createMallModule({ db }: { db: Database }) {
  const service = createMallService({ repo: createMallRepo(db) });
  return { service, routes: mallRoutes };
}
