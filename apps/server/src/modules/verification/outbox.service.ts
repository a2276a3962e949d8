import type { z } from 'zod';
import type { OutboxEntry, outboxQuerySchema } from '@starlight/contract/verification';
import type { OutboxSink } from '../../drivers/mail/interface';
import type { VerificationRepo } from './verification.repo';

type OutboxQuery = z.output<typeof outboxQuerySchema>;

/** The outbox table: written by the built-in drivers, read by platform admins. */
export function createOutboxService({ repo, now }: { repo: VerificationRepo; now: () => Date }) {
  const sink: OutboxSink = (entry) => repo.insertOutbox({ ...entry, createdAt: now() });
  return {
    sink,
    async list(query: OutboxQuery): Promise<{ list: OutboxEntry[]; total: number }> {
      const { list, total } = await repo.listOutbox(
        { address: query.field_eq_address?.toLowerCase(), channel: query.field_eq_channel },
        query.page_size,
        (query.page - 1) * query.page_size,
      );
      return {
        list: list.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
        total,
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
