import type { MailDriver, OutboxSink } from '../interface';

/** Mail without a mail server: every message lands in the outbox table. */
export function createOutboxMailDriver(sink: OutboxSink): MailDriver {
  return {
    kind: 'outbox',
    send: (message) => sink({ channel: 'email', address: message.to, subject: message.subject, body: message.text, secret: message.secret ?? null }),
    close: async () => undefined,
  };
}
