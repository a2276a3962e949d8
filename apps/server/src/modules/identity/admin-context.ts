import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@starlight/contract/audit';
import { hasAnyPermission, type PermissionKey } from '@starlight/contract/permissions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { Code } from '@starlight/contract/codes';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';

/** Who acts and from where: what an admin service needs to decide and to audit. */
export interface AdminContext {
  actor: Actor;
  ip: string;
  userAgent: string;
}

export function adminContext(request: FastifyRequest): AdminContext {
  return { actor: actorOf(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export const holds = (actor: Actor, ...keys: PermissionKey[]): boolean => hasAnyPermission(keys, actor.permissions);

/** A 1400 naming one field, the way request validation names them. */
export const fieldError = (field: string, message: string): AppError =>
  new AppError(Code.invalidInput, `invalid ${field.split('.').pop() ?? field}: ${message}`, { fields: [{ path: field, message }] });

export const conflict = (info: string): AppError => new AppError(Code.conflict, info);

export type AuditWriter = (ctx: AdminContext, action: AuditAction, target: string, detail?: string, result?: 'ok' | 'failed') => Promise<void>;

/** Every admin change is recorded with the actor, the real user behind a switched session, and the target. */
export function auditWriter(audit: AuditRecorder | undefined): AuditWriter {
  return async (ctx, action, target, detail = '', result = 'ok') => {
    if (!audit) return;
    await audit.record({
      action,
      result,
      userId: ctx.actor.userId,
      userName: ctx.actor.userName,
      impersonatorName: ctx.actor.impersonator?.userName ?? '',
      target,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      detail,
    });
  };
}
