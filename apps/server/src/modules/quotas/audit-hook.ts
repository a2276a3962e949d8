import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@starlight/contract/audit';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';

/**
 * Records a grant or quota change after it succeeded (who, what, on whom); a failed change is not
 * recorded (nothing changed), and recording never fails the change.
 */
export function quotaAudit(audit: AuditRecorder | undefined) {
  return async <T>(request: FastifyRequest, action: AuditAction, target: string, change: () => Promise<T>, detail?: (result: T) => string): Promise<T> => {
    const result = await change();
    if (audit) {
      const actor = actorOf(request);
      await audit.record({
        action,
        result: 'ok',
        userId: actor.userId,
        userName: actor.userName,
        ip: (request.ip as string | undefined) ?? '',
        userAgent: request.headers['user-agent'] ?? '',
        target,
        detail: detail?.(result) ?? JSON.stringify(request.body ?? null).slice(0, 500),
        ...(actor.impersonator ? { impersonatorName: actor.impersonator.userName } : {}),
      });
    }
    return result;
  };
}
