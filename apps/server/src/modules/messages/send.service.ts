import { EventEmitter } from 'node:events';
import { MessageStatus, type ChannelChoice, type Message, type MessageKind } from '@starlight/contract/messages';
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

/** One recipient's own title and body (a template filled with their values). */
export interface Personal {
  userId: number;
  title: string;
  /** HTML, sanitised by the caller (a template's saved body filled with escaped values). */
  body: string;
}

export interface SendDeps {
  repo: MessagesRepo;
  /** Runs `work` in one database transaction on a repo bound to it. */
  transaction: <T>(work: (repo: MessagesRepo) => Promise<T>) => Promise<T>;
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
export function createSender({ repo, transaction, preferences, mail, emailOf, log = () => undefined }: SendDeps) {
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

  /**
   * In the caller's transaction: claims one delivery row per recipient (a dedupe key already held by a
   * user claims nothing), inserts the in-app messages and links them to their rows. Nothing of it is
   * visible until the transaction commits, and a crash before that leaves nothing behind: the claim and
   * the message are one.
   */
  async function deliverIn(
    tx: MessagesRepo,
    items: readonly Personal[],
    kind: MessageKind,
    dedupeKey: string | null,
    wants: (userId: number) => ChannelChoice,
    extra: { status?: number; createdAt?: Date } = {},
  ): Promise<Delivered> {
    const byUser = new Map(items.map((item) => [item.userId, item]));
    const claimed = await tx.claimDeliveries([...byUser.keys()].filter((id) => wants(id).in_app || wants(id).email), kind, dedupeKey);
    const inApp = claimed.filter((d) => wants(d.userId).in_app);
    const rows = await tx.insertMany(
      inApp.map((d) => ({
        userId: d.userId,
        kind,
        title: byUser.get(d.userId)!.title.slice(0, 200),
        content: byUser.get(d.userId)!.body,
        status: extra.status ?? MessageStatus.unread,
        ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
      })),
    );
    await tx.linkMessages(rows.map((row, i) => ({ deliveryId: inApp[i]!.id, messageId: row.id })));
    const mails = claimed.filter((d) => wants(d.userId).email).map((d) => ({ deliveryId: d.id, userId: d.userId, title: byUser.get(d.userId)!.title.slice(0, 200), body: byUser.get(d.userId)!.body }));
    return { rows, mails, claimed: claimed.length };
  }

  /** After the commit: the live streams hear of the new messages, and the e-mails go out. */
  function announce({ rows, mails }: Delivered): Message[] {
    const messages = rows.map(toMessage);
    rows.forEach((row, i) => events.emit('message', row.userId, messages[i]!));
    for (const m of mails) void email(m.deliveryId, m.userId, m.title, m.body).catch((error: unknown) => log(error, `mailing user ${m.userId}`));
    return messages;
  }

  return {
    events,
    deliverIn,
    announce,
    /** Answers how many users it reached (in any channel) this time. */
    async send(input: SendInput): Promise<{ delivered: number; messages: Message[] }> {
      const ids = [...new Set([...(input.userIds ?? []), ...(input.userId === undefined ? [] : [input.userId])])];
      const channels = await preferences.channelsFor(ids, input.kind);
      const body = sanitizeMessageHtml(input.body);
      const none = { in_app: false, email: false };
      const done = await transaction((tx) =>
        deliverIn(
          tx,
          ids.map((userId) => ({ userId, title: input.title, body })),
          input.kind,
          input.dedupeKey ?? null,
          (id) => channels.get(id) ?? none,
          { ...(input.status === undefined ? {} : { status: input.status }), ...(input.createdAt ? { createdAt: input.createdAt } : {}) },
        ),
      );
      return { delivered: done.claimed, messages: announce(done) };
    },
  };
}

interface Delivered {
  rows: MessageRow[];
  mails: { deliveryId: number; userId: number; title: string; body: string }[];
  claimed: number;
}

export type Sender = ReturnType<typeof createSender>;
/** What other modules are handed. */
export type SendMessage = Sender['send'];
