import type { Database } from '../../db/client';
import { createDocsRepo } from './docs.repo';
import { docsRoutes } from './docs.routes';
import { createDocsService } from './docs.service';

export function createDocsModule({ db }: { db: Database }) {
  const service = createDocsService({ repo: createDocsRepo(db) });
  return { service, routes: docsRoutes };
}
