import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaSchema, deliverySchema, outboxListSchema, outboxQuerySchema, type Delivery } from '@starlight/contract/verification';
import { topPermission } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { CaptchaService } from './captcha.service';
import type { OutboxReadPolicy, OutboxService } from './outbox.service';

export interface VerificationRoutesOptions {
  captcha: CaptchaService;
  outbox: OutboxService;
  /** Who may see which secrets, and the audit of every read. */
  outboxPolicy: OutboxReadPolicy;
  delivery: Delivery;
}

/** Spec §7 POST /keystone/captcha; GET /system/outbox is ours (the built-in SMS and mail fallback). */
export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (app, { captcha, outbox, outboxPolicy, delivery }) => {
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
      // the top permission: its holders can grant themselves anything, so no secret here gives them more
      config: { perms: [topPermission] },
      schema: {
        tags: ['system'],
        summary: 'Mail and text messages kept by the built-in drivers (newest first); codes of accounts the reader may not manage are masked; every read is audited',
        querystring: outboxQuerySchema,
        response: replies(outboxListSchema),
      },
    },
    async (request) => {
      const reader = { actor: actorOf(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      return ok(request.id, 'outbox', await outbox.list(reader, request.query, outboxPolicy));
    },
  );

  app.get(
    '/user/user_verify/delivery',
    {
      config: { public: true },
      schema: { tags: ['identity'], summary: 'How verification codes are delivered (outbox: to the administrators, no SMTP / SMS provider)', response: replies(deliverySchema) },
    },
    async (request) => ok(request.id, 'delivery', delivery),
  );
};
