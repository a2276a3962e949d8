import { escapeHtml } from '../../lib/html';
import type { SendMessage } from '../messages/send.service';
import type { TicketWithNames } from './tickets.repo';

/**
 * What tickets tell their owner, through the messages module's one `send` (kind `ticket`, so the bell
 * shows it live). Titles are bilingual like the other server-made messages. `body` is already sanitised.
 */
export function createTicketNotices({ send, log = () => undefined }: { send?: SendMessage | undefined; log?: (error: unknown, context: string) => void }) {
  const deliver = async (userId: number, title: string, body: string) => {
    if (!send) return;
    await send({ userId, kind: 'ticket', title: title.slice(0, 200), body }).catch((error: unknown) => log(error, `ticket notice to user ${userId}`));
  };
  const link = (row: TicketWithNames) => `<p><a href="/ticket/detail/${row.id}">#${row.id} ${escapeHtml(row.title)}</a></p>`;
  return {
    replied: (row: TicketWithNames, by: string, body: string) =>
      deliver(row.userId, `工单有新回复 / New reply on your ticket #${row.id}: ${row.title}`, `<p>${escapeHtml(by)}:</p><blockquote>${body}</blockquote>${link(row)}`),
    stateChanged: (row: TicketWithNames, state: 'resolved' | 'closed') =>
      deliver(
        row.userId,
        state === 'resolved' ? `工单已解决 / Ticket #${row.id} resolved: ${row.title}` : `工单已关闭 / Ticket #${row.id} closed: ${row.title}`,
        `${link(row)}`,
      ),
  };
}

export type TicketNotices = ReturnType<typeof createTicketNotices>;
