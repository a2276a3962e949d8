import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createLabelsRepo } from './labels.repo';
import { labelsRoutes } from './labels.routes';
import { createLabelsService, type LabelsService } from './labels.service';
import { createTypeRelationsRepo } from './type-relations.repo';
import { typeRelationsRoutes } from './type-relations.routes';
import { createTypeRelationsService } from './type-relations.service';

export function createLabelsModule({ db, now }: { db: Database; now?: (() => Date) | undefined }) {
  const service = createLabelsService({ repo: createLabelsRepo(db), ...(now ? { now } : {}) });
  const relations = createTypeRelationsService({ repo: createTypeRelationsRepo(db) });
  const routes: FastifyPluginAsyncZod<{ labels: LabelsService }> = async (app, options) => {
    await app.register(labelsRoutes, { labels: options.labels });
    await app.register(typeRelationsRoutes, { relations });
  };
  return { service, relations, routes };
}

export type LabelsModule = ReturnType<typeof createLabelsModule>;
