import type { MailDriver, OutboxSink } from './interface';
import { createOutboxMailDriver } from './outbox/outbox-mail';
import { createSmtpMailDriver } from './smtp/smtp-mail';

/** SMTP when a server URL is configured, else the outbox. */
export function createMailDriver(settings: { smtpUrl: string | null; from: string }, outbox: OutboxSink): MailDriver {
  return settings.smtpUrl ? createSmtpMailDriver({ url: settings.smtpUrl, from: settings.from }) : createOutboxMailDriver(outbox);
}
