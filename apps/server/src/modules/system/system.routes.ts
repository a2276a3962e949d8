import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrorInputSchema, healthSchema } from '@starlight/contract/system';
import { ok, replies } from '../../lib/envelope';
import type { SystemService } from './system.service';

/** Browsers report at most this many uncaught errors per minute each. */
const clientErrorLimit = { max: 30, timeWindow: '1 minute' };

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Liveness and database check', response: replies(healthSchema) },
    },
    async (request) => ok(request.id, 'health', await system.health()),
  );

  app.post(
    '/log/client_error',
    {
      config: { public: true, rateLimit: clientErrorLimit },
      schema: {
        tags: ['system'],
        summary: 'Store an uncaught client error (spec §8)',
        body: clientErrorInputSchema,
        response: replies(z.object({ id: z.number().int() })),
      },
    },
    async (request) =>
      ok(request.id, 'client_error', await system.recordClientError(request.actor, request.body, request.ip)),
  );
};
