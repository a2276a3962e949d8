import { EventEmitter } from 'node:events';
import { MessageStatus, type Message, type MessageKind } from '@starlight/contract/messages';
import type { MailDriver } from '../../drivers/mail/interface';
import type { MessageRow, MessagesRepo } from './messages.repo';
import type { PreferencesService } from './preferences.service';
import { messageText, sanitizeMessageHtml } from './sanitize';

export interface SendInput {
  /** One recipient or many (duplicates are sent once). */
  userId?: number;
  userIds?: readonly number[];
  kind: MessageKind;
  title: string;
  /** HTML; sanitised here before it is stored or mailed. */
  body: string;
  /** The same key is sent to a user at most once, ever (a job's end, seen by every re-sync). */
  dedupeKey?: string;
  /** Seed data only: an initial status and time. */
  status?: number;
  createdAt?: Date;
}

export interface SendDeps {
  repo: MessagesRepo;
  preferences: PreferencesService;
  /** The platform's mail driver (SMTP or the outbox); without it the e-mail channel is off. */
  mail?: Pick<MailDriver, 'send'>;
  /** The user's e-mail address, if they have one. */
  emailOf?: (userId: number) => Promise<string | null>;
  log?: (error: unknown, context: string) => void;
}

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  status: row.status,
  kind: row.kind as MessageKind,
  title: row.title,
  content: row.content,
  created_at: row.createdAt.toISOString(),
});

/**
 * The one way anything reaches a user: every module is handed `send` (never this module's repo). Each
 * recipient gets what they chose for the kind: an in-app message and/or an e-mail (sent behind the
 * caller, its state kept on the delivery row). New in-app messages are announced on `events`.
 */
export function createSender({ repo, preferences, mail, emailOf, log = () => undefined }: SendDeps) {
  const events = new EventEmitter<{ message: [userId: number, message: Message] }>();
  events.setMaxListeners(0);

  async function email(deliveryId: number, userId: number, subject: string, html: string): Promise<void> {
    const address = emailOf ? await emailOf(userId) : null;
    if (!mail || !address) return;
    await repo.linkDelivery(deliveryId, { emailState: 'pending' });
    try {
      await mail.send({ to: address, subject, text: messageText(html) });
      await repo.linkDelivery(deliveryId, { emailState: 'sent' });
    } catch (error) {
      log(error, `mailing message "${subject}" to user ${userId}`);
      await repo.linkDelivery(deliveryId, { emailState: 'failed' });
    }
  }

  return {
    events,
    /** Answers how many users it reached (in any channel) this time. */
    async send(input: SendInput): Promise<{ delivered: number; messages: Message[] }> {
      const ids = [...new Set([...(input.userIds ?? []), ...(input.userId === undefined ? [] : [input.userId])])];
      const channels = await preferences.channelsFor(ids, input.kind);
      const wanted = ids.filter((id) => channels.get(id)?.in_app || channels.get(id)?.email);
      const claimed = await repo.claimDeliveries(wanted, input.kind, input.dedupeKey ?? null);
      const body = sanitizeMessageHtml(input.body);
      const title = input.title.slice(0, 200);
      const inApp = claimed.filter((d) => channels.get(d.userId)?.in_app);
      const rows = await repo.insertMany(
        inApp.map((d) => ({
          userId: d.userId,
          kind: input.kind,
          title,
          content: body,
          status: input.status ?? MessageStatus.unread,
          ...(input.createdAt ? { createdAt: input.createdAt } : {}),
        })),
      );
      const messages = rows.map(toMessage);
      await Promise.all(rows.map((row, i) => repo.linkDelivery(inApp[i]!.id, { messageId: row.id })));
      rows.forEach((row, i) => events.emit('message', row.userId, messages[i]!));
      for (const d of claimed.filter((d) => channels.get(d.userId)?.email))
        void email(d.id, d.userId, title, body).catch((error: unknown) => log(error, `mailing user ${d.userId}`));
      return { delivered: claimed.length, messages };
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
/** What other modules are handed. */
export type SendMessage = Sender['send'];
