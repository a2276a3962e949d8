import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schedulerTokenSchema } from '@starlight/contract/scheduler';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { SchedulerTokensService } from './scheduler-tokens.service';

/** Spec §7 "Scheduler service" (base /api/scheduler): the token its calls carry as Scheduler-Token. */
export const schedulerRoutes: FastifyPluginAsyncZod<{ tokens: SchedulerTokensService }> = async (app, { tokens }) => {
  app.post(
    '/scheduler/ui/token',
    {
      config: { perms: [] },
      schema: { tags: ['scheduler'], summary: "A Scheduler-Token for the caller's session (Bihu-Token, or a valid Scheduler-Token to renew)", response: replies(schedulerTokenSchema) },
    },
    async (request) => ok(request.id, 'token', await tokens.issue(actorOf(request))),
  );
};
