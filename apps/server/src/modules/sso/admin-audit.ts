import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@starlight/contract/audit';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';

/** A successful admin change (sites, sign-in providers) in the audit log: who, from where, what, on which target. */
export function adminAudit(audit: AuditRecorder | undefined) {
  return async (request: FastifyRequest, action: AuditAction, target: string, detail = '') => {
    const actor = actorOf(request);
    await audit?.record({ action, result: 'ok', userId: actor.userId, userName: actor.userName, ip: request.ip, userAgent: request.headers['user-agent'] ?? '', target, detail });
  };
}
