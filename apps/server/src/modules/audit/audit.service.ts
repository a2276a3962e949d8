import type { z } from 'zod';
import type { AuditAction, LoginRecord, loginRecordQuerySchema } from '@starlight/contract/audit';
import type { AuditEventRecord, auditQuerySchema } from '@starlight/contract/admin';
import type { List } from '@starlight/contract/envelope';
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
  /** Whom the action was done to, e.g. `user:alice`, `role:auditors`. */
  target?: string;
  /** The real user when the actor is a switched-to session (spec §4). */
  impersonatorName?: string;
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

    /** The admin audit page (/audit/audit-admin): who did what to whom, when, from where, with which result. */
    async events(query: z.output<typeof auditQuerySchema>): Promise<List<AuditEventRecord>> {
      const { list, total } = await repo.search(
        {
          actor: query.field_lk_user_name,
          target: query.field_lk_target,
          action: query.field_eq_action,
          result: query.field_eq_result,
          from: query.start_time ? new Date(query.start_time) : undefined,
          to: query.end_time ? new Date(query.end_time) : undefined,
        },
        query.page_size,
        (query.page - 1) * query.page_size,
      );
      return {
        list: list.map((row) => ({
          id: row.id,
          action: row.action,
          result: row.result,
          user_name: row.userName,
          impersonator_name: row.impersonatorName,
          target: row.target,
          ip: row.ip,
          user_agent: row.userAgent,
          detail: row.detail,
          created_at: row.createdAt.toISOString(),
        })),
        total,
      };
    },

    /** Sign-ins of a period (the statistics module's active-users source). */
    signInsBetween: (from: Date, to: Date) => repo.signInsBetween(from, to),
    /** Successful events of one action in a period (the owning module reads its own, e.g. images' image_token). */
    okEventsBetween: (action: string, from: Date, to: Date) => repo.okEventsBetween(action, from, to),

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
