import fp from 'fastify-plugin';
import type { AuditRecorder } from './audit.service';

/**
 * Spec §4 account switching: every request made with a switched-to session is audited with both
 * identities (the user acted as, and the real user behind it), its route and its outcome. Start
 * and stop are audited by the switching calls themselves.
 */
export const impersonationAuditPlugin = fp<{ audit: AuditRecorder; switchPath: string }>(
  async (app, { audit, switchPath }) => {
    // onSend, not onResponse: the record is written before the caller sees the answer
    app.addHook('onSend', async (request, reply, payload) => {
      const actor = request.actor;
      if (!actor?.impersonator) return payload;
      const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
      if (route === switchPath) return payload;
      await audit.record({
        action: 'impersonated_request',
        result: reply.statusCode < 400 ? 'ok' : 'failed',
        userId: actor.userId,
        userName: actor.userName,
        impersonatorName: actor.impersonator.userName,
        target: `route:${request.method} ${route}`,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        detail: `${request.method} ${request.url.split('?')[0] ?? ''} → ${reply.statusCode}`,
      });
      return payload;
    });
  },
  { name: 'starlight-impersonation-audit', dependencies: ['starlight-auth'] },
);
