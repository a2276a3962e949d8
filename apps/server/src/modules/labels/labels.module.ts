import type { Database } from '../../db/client';
import { createLabelsRepo } from './labels.repo';
import { labelsRoutes } from './labels.routes';
import { createLabelsService } from './labels.service';

export function createLabelsModule({ db, now }: { db: Database; now?: (() => Date) | undefined }) {
  const service = createLabelsService({ repo: createLabelsRepo(db), ...(now ? { now } : {}) });
  return { service, routes: labelsRoutes };
}

export type LabelsModule = ReturnType<typeof createLabelsModule>;
