import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRecordListSchema, loginRecordQuerySchema } from '@starlight/contract/audit';
import { auditEventListSchema, auditQuerySchema } from '@starlight/contract/admin';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuditService } from './audit.service';

/** Spec §7 GET /user/access/login: login records with IP, agent, time and result. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/user/access/login',
    {
      config: { perms: [] },
      schema: {
        tags: ['audit'],
        summary: "The caller's login records (a holder of query_all_user may name another user)",
        querystring: loginRecordQuerySchema,
        response: replies(loginRecordListSchema),
      },
    },
    async (request) => ok(request.id, 'login_record', await audit.loginRecords(actorOf(request), request.query)),
  );

  app.get(
    '/audit/events',
    {
      config: { perms: ['query_all_audit'] },
      schema: {
        tags: ['audit'],
        summary: 'The audit log (actor, target, action, result, time range), newest first',
        querystring: auditQuerySchema,
        response: replies(auditEventListSchema),
      },
    },
    async (request) => ok(request.id, 'audit_event', await audit.events(request.query)),
  );
};
