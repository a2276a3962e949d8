import { escapeHtml } from '../../lib/html';
import type { SendMessage } from '../messages/send.service';
import type { ApplicationRow } from './approvals.repo';

/**
 * What approvals tell people, through the messages module's one `send` (kind `application`). Titles
 * are bilingual like the other server-made messages (users have no stored language yet). Each notice
 * is keyed, so a retried request never tells anyone twice.
 */
export function createApprovalNotices({ send, log = () => undefined }: { send?: SendMessage; log?: (error: unknown, context: string) => void }) {
  const deliver = async (userIds: readonly number[], title: string, body: string, dedupeKey: string) => {
    if (!send || userIds.length === 0) return;
    await send({ userIds, kind: 'application', title, body, dedupeKey }).catch((error: unknown) => log(error, `approval notice ${dedupeKey}`));
  };
  const link = (row: ApplicationRow) => `<p><a href="/apply/approval-details/${row.id}">#${row.id}</a></p>`;
  return {
    toDecide: (row: ApplicationRow, approvers: readonly number[], what: string) =>
      deliver(approvers, `待审批 / Application to decide: ${what}`.slice(0, 200), `<p>${escapeHtml(what)}</p>${link(row)}`, `application:${row.id}:node:${row.currentNode}`),
    decided: (row: ApplicationRow, what: string, event: 'approved' | 'rejected', comment: string) =>
      deliver(
        [row.applicantId],
        event === 'approved' ? `申请已批准 / Application approved: ${what}`.slice(0, 200) : `申请被拒绝 / Application rejected: ${what}`.slice(0, 200),
        `<p>${escapeHtml(what)}</p>${comment ? `<blockquote>${comment}</blockquote>` : ''}${link(row)}`,
        `application:${row.id}:${event}`,
      ),
    reminder: (row: ApplicationRow, what: string) =>
      deliver(
        [row.applicantId],
        `即将到期 / Expiring soon: ${what}`.slice(0, 200),
        `<p>${escapeHtml(what)} — ${row.expiresAt?.toISOString() ?? ''}</p><p>续期 / Apply to renew:</p>${link(row)}`,
        `application:${row.id}:reminder:${row.expiresAt?.getTime() ?? 0}`,
      ),
    expired: (row: ApplicationRow, what: string) =>
      deliver([row.applicantId], `已到期 / Expired: ${what}`.slice(0, 200), `<p>${escapeHtml(what)}</p>${link(row)}`, `application:${row.id}:expired`),
  };
}

export type ApprovalNotices = ReturnType<typeof createApprovalNotices>;
