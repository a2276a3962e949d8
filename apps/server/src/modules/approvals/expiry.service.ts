import type { ApprovalsRepo } from './approvals.repo';
import type { KindRegistry } from './kinds';
import type { ApprovalNotices } from './notices';

const dayMs = 86_400_000;

/**
 * Periods (issue 11): the applicant is reminded `remindDays` before an approved period ends and may
 * apply to renew; at the end the owning module removes the grant in the same transaction that marks
 * the application expired. Run every few minutes by the module; each step is safe to repeat.
 */
export function createExpiryService({ repo, kinds, notices, remindDays = 7, now = () => new Date() }: { repo: ApprovalsRepo; kinds: KindRegistry; notices: ApprovalNotices; remindDays?: number; now?: () => Date }) {
  return {
    async sweep(): Promise<{ reminded: number; expired: number }> {
      const at = now();
      let reminded = 0;
      let expired = 0;
      for (const row of await repo.approvedEndingBefore(new Date(at.getTime() + remindDays * dayMs))) {
        const kind = kinds.get(row.kind as never);
        if (!kind) continue;
        const what = kind.describe(row.payload);
        if (row.expiresAt! > at) {
          if (row.remindedAt) continue;
          await notices.reminder(row, what);
          await repo.markReminded(row.id, at);
          reminded++;
          continue;
        }
        const prepared = await kind.prepare({ applicantId: row.applicantId, applicantGroupId: row.groupId, payload: row.payload }).catch(() => null);
        const after = await repo.inTransaction(async (t) => {
          const locked = await t.locked(row.id);
          if (locked?.state !== 'approved' || !locked.expiresAt || locked.expiresAt > at) return undefined;
          await t.update(row.id, { state: 'expired' });
          return (await prepared?.expire?.(t.tx)) ?? (() => Promise.resolve());
        });
        if (!after) continue;
        await after();
        await notices.expired(row, what);
        expired++;
      }
      return { reminded, expired };
    },
  };
}
