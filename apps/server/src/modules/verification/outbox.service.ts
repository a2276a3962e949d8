import type { z } from 'zod';
import type { OutboxEntry, outboxQuerySchema } from '@starlight/contract/verification';
import type { Actor } from '../../lib/actor';
import type { OutboxSink } from '../../drivers/mail/interface';
import type { AuditRecorder } from '../audit/audit.service';
import type { VerificationRepo } from './verification.repo';

type OutboxQuery = z.output<typeof outboxQuerySchema>;

/** Who reads, from where (the audit line of every read). */
export interface OutboxReader {
  actor: Actor;
  ip: string;
  userAgent: string;
}

/**
 * Whether the reader may act on the account behind an address anyway (identity decides: no account yet,
 * or one inside the reader's management scope holding no key the reader lacks).
 */
export type ContactAccess = (actor: Actor, channel: 'email' | 'sms', address: string) => Promise<boolean>;

export interface OutboxReadPolicy {
  mayActOn: ContactAccess;
  audit?: AuditRecorder | undefined;
}

const mask = '******';

/**
 * The outbox table: written by the built-in drivers, read by holders of the top permission. A message's
 * secret (code, initial password) is shown only to a reader who could act on that account anyway; for
 * anyone else it is masked, so reading the outbox is never a way to take an account over.
 */
export function createOutboxService({ repo, now }: { repo: VerificationRepo; now: () => Date }) {
  const sink: OutboxSink = (entry) => repo.insertOutbox({ ...entry, createdAt: now() });
  return {
    sink,
    async list(reader: OutboxReader, query: OutboxQuery, policy: OutboxReadPolicy): Promise<{ list: OutboxEntry[]; total: number }> {
      const address = query.field_eq_address?.toLowerCase();
      const { list, total } = await repo.listOutbox({ address, channel: query.field_eq_channel }, query.page_size, (query.page - 1) * query.page_size);
      const decided = new Map<string, Promise<boolean>>();
      const mayRead = (channel: 'email' | 'sms', to: string) => {
        const key = `${channel}:${to}`;
        if (!decided.has(key)) decided.set(key, policy.mayActOn(reader.actor, channel, to));
        return decided.get(key)!;
      };
      const entries = await Promise.all(
        list.map(async ({ createdAt, secret, ...row }): Promise<OutboxEntry> => {
          const masked = secret !== null && secret !== '' && !(await mayRead(row.channel, row.address));
          const hide = (text: string) => (masked ? text.replaceAll(secret!, mask) : text);
          return { ...row, subject: hide(row.subject), body: hide(row.body), masked, created_at: createdAt.toISOString() };
        }),
      );
      const maskedCount = entries.filter((e) => e.masked).length;
      const filters = [address && `address=${address}`, query.field_eq_channel && `channel=${query.field_eq_channel}`].filter(Boolean).join(' ');
      await policy.audit?.record({
        action: 'outbox_read',
        result: 'ok',
        userId: reader.actor.userId,
        userName: reader.actor.userName,
        impersonatorName: reader.actor.impersonator?.userName ?? '',
        target: 'outbox',
        ip: reader.ip,
        userAgent: reader.userAgent,
        detail: `${filters || 'all'}; page ${query.page}; ${entries.length} shown, ${maskedCount} masked`,
      });
      return { list: entries, total };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
