export interface SmsMessage {
  to: string;
  text: string;
  /** As MailMessage.secret. */
  secret?: string;
}

/**
 * Sends text messages. The built-in `outbox` driver writes them where a platform admin can read
 * them; a provider driver (per deployment) implements the same interface.
 */
export interface SmsDriver {
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}
