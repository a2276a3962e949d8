import nodemailer from 'nodemailer';
import { MailDeliveryError, type MailDriver } from '../interface';

export interface SmtpSettings {
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's connection URL). */
  url: string;
  from: string;
}

/** Mail through an SMTP server (nodemailer, pooled connections). */
export function createSmtpMailDriver({ url, from }: SmtpSettings): MailDriver {
  const transport = nodemailer.createTransport(url, { from });
  return {
    kind: 'smtp',
    async send({ to, subject, text }) {
      try {
        await transport.sendMail({ from, to, subject, text });
      } catch (error) {
        throw new MailDeliveryError(`SMTP delivery to ${to} failed: ${(error as Error).message}`, { cause: error });
      }
    },
    close: async () => transport.close(),
  };
}
