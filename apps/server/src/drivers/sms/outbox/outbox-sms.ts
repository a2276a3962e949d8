import type { OutboxSink } from '../../mail/interface';
import type { SmsDriver } from '../interface';

/** The built-in SMS "provider": every message lands in the outbox table. */
export function createOutboxSmsDriver(sink: OutboxSink): SmsDriver {
  return {
    kind: 'outbox',
    send: (message) => sink({ channel: 'sms', address: message.to, subject: '', body: message.text, secret: message.secret ?? null }),
  };
}
