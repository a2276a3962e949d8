import type { z } from 'zod';
import type { AuditAction, LoginRecord, loginRecordQuerySchema } from '@starlight/contract/audit';
import { hasAnyPermission } from '@starlight/contract/permissions';
import type { Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/app-error';
import type { AuditRepo } from './audit.repo';

export interface AuditEvent {
  action: AuditAction;
  result: 'ok' | 'failed';
  userId: number | null;
  userName: string;
  ip: string;
  userAgent: string;
  detail?: string;
}

type LoginRecordQuery = z.output<typeof loginRecordQuerySchema>;

interface AuditDeps {
  repo: AuditRepo;
  now: () => Date;
  /** User name → id (identity's accounts service), for an admin naming another user's records. */
  findUserId: (userName: string) => Promise<number | null>;
  log: (error: unknown, context: string) => void;
}

/**
 * The audit log. Recording never fails the action it records: a write error is logged and the
 * caller goes on (an audit outage must not lock everyone out of logging in).
 */
export function createAuditService({ repo, now, findUserId, log }: AuditDeps) {
  return {
    async record(event: AuditEvent): Promise<void> {
      try {
        await repo.insert({ ...event, userAgent: event.userAgent.slice(0, 1000), detail: event.detail ?? '', createdAt: now() });
      } catch (error) {
        log(error, `audit: recording ${event.action} failed`);
      }
    },

    /** The caller's login records, or (with query_all_user) another user's. */
    async loginRecords(actor: Actor, query: LoginRecordQuery): Promise<{ list: LoginRecord[]; total: number }> {
      let userId = actor.userId;
      if (query.field_eq_user_name && query.field_eq_user_name !== actor.userName) {
        if (!hasAnyPermission(['query_all_user'], actor.permissions)) throw forbidden();
        const found = await findUserId(query.field_eq_user_name);
        if (found === null) throw notFound('user');
        userId = found;
      }
      const { list, total } = await repo.listForUser(userId, 'login', query.page_size, (query.page - 1) * query.page_size);
      return {
        list: list.map((row) => ({
          id: row.id,
          user_name: row.userName,
          ip: row.ip,
          user_agent: row.userAgent,
          result: row.result,
          created_at: row.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
/** What other modules are handed: only the write side. */
export type AuditRecorder = Pick<AuditService, 'record'>;
