import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaSchema, outboxListSchema, outboxQuerySchema } from '@starlight/contract/verification';
import { ok, replies } from '../../lib/envelope';
import type { CaptchaService } from './captcha.service';
import type { OutboxService } from './outbox.service';

export interface VerificationRoutesOptions {
  captcha: CaptchaService;
  outbox: OutboxService;
}

/** Spec §7 POST /keystone/captcha; GET /system/outbox is ours (the built-in SMS and mail fallback). */
export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (app, { captcha, outbox }) => {
  app.post(
    '/keystone/captcha',
    {
      // Creating captchas costs a row each: bounded per client address (per instance; the row expires in 2 min).
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { tags: ['identity'], summary: 'A new human-verification challenge (SVG), valid 2 minutes, one use', response: replies(captchaSchema) },
    },
    async (request) => ok(request.id, 'captcha', await captcha.create()),
  );

  app.get(
    '/system/outbox',
    {
      config: { perms: ['query_all_user'] },
      schema: {
        tags: ['system'],
        summary: 'Mail and text messages kept by the built-in drivers (no SMTP / SMS provider configured)',
        querystring: outboxQuerySchema,
        response: replies(outboxListSchema),
      },
    },
    async (request) => ok(request.id, 'outbox', await outbox.list(request.query)),
  );
};
