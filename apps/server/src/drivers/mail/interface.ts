/** One message to one address; plain text (codes and notices need nothing more). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one-time secret inside subject/text (a code, an initial password): the outbox masks it for readers who may not act on the account. */
  secret?: string;
}

/**
 * Sends mail. `smtp` talks to a real server (nodemailer); `outbox` writes the message where a
 * platform admin can read it, so the embedded default works without a mail server.
 * A failure to deliver is a `MailDeliveryError` (the caller answers 1502).
 */
export interface MailDriver {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

/** Where the outbox drivers (mail and SMS) write; provided by whoever owns the outbox table. */
export type OutboxSink = (entry: { channel: 'email' | 'sms'; address: string; subject: string; body: string; secret: string | null }) => Promise<void>;
