import type { Database, DatabaseKind } from '../../db/client';
import { createSystemRepo } from './system.repo';
import { systemRoutes } from './system.routes';
import { createSystemService } from './system.service';

export function createSystemModule({ db, kind, version }: { db: Database; kind: DatabaseKind; version: string }) {
  const service = createSystemService({ repo: createSystemRepo(db), database: kind, version });
  return { service, routes: systemRoutes };
}
