import type { FastifyRequest } from 'fastify';
import type { AuditEvent } from '../audit/audit.service';
import { actorOf } from '../../plugins/auth';

/** Who did it, from where: the common part of this module's audit records. */
export function auditOf(request: FastifyRequest): Pick<AuditEvent, 'userId' | 'userName' | 'ip' | 'userAgent'> {
  const actor = actorOf(request);
  return { userId: actor.userId, userName: actor.userName, ip: (request.ip as string | undefined) ?? '', userAgent: request.headers['user-agent'] ?? '' };
}
