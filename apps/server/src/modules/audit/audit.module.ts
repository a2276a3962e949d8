import type { Database } from '../../db/client';
import { createAuditRepo } from './audit.repo';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit.service';

export interface AuditModuleDeps {
  db: Database;
  findUserId: (userName: string) => Promise<number | null>;
  log: (error: unknown, context: string) => void;
  now?: () => Date;
}

export function createAuditModule({ db, findUserId, log, now = () => new Date() }: AuditModuleDeps) {
  const service = createAuditService({ repo: createAuditRepo(db), findUserId, log, now });
  return { service, routes: auditRoutes };
}
