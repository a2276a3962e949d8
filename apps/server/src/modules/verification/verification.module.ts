import type { Database } from '../../db/client';
import { createMailDriver } from '../../drivers/mail/create-mail-driver';
import { createOutboxSmsDriver } from '../../drivers/sms/outbox/outbox-sms';
import type { SmsDriver } from '../../drivers/sms/interface';
import type { MailDriver } from '../../drivers/mail/interface';
import { createCaptchaService } from './captcha.service';
import { createCodesService, type CodeLimits } from './codes.service';
import { createOutboxService } from './outbox.service';
import { createVerificationRepo } from './verification.repo';
import { verificationRoutes } from './verification.routes';

export interface VerificationSettings extends CodeLimits {
  smtpUrl: string | null;
  mailFrom: string;
  captchaFixedAnswer: string | null;
}

export interface VerificationModuleDeps {
  db: Database;
  settings: VerificationSettings;
  log: (error: unknown, context: string) => void;
  now?: () => Date;
  /** Replace the configured drivers (tests). */
  mail?: MailDriver;
  sms?: SmsDriver;
}

/** Captchas, one-time codes and the outbox; identity builds registration and password resets on them. */
export function createVerificationModule({ db, settings, log, now = () => new Date(), mail, sms }: VerificationModuleDeps) {
  const repo = createVerificationRepo(db);
  const outbox = createOutboxService({ repo, now });
  const mailDriver = mail ?? createMailDriver({ smtpUrl: settings.smtpUrl, from: settings.mailFrom }, outbox.sink);
  const smsDriver = sms ?? createOutboxSmsDriver(outbox.sink);
  const captcha = createCaptchaService({ repo, now, fixedAnswer: settings.captchaFixedAnswer });
  const codes = createCodesService({ repo, mail: mailDriver, sms: smsDriver, limits: settings, now, log });
  const delivery = { email: mailDriver.kind === 'smtp' ? 'smtp' : 'outbox', sms: smsDriver.kind === 'outbox' ? 'outbox' : 'provider' } as const;
  return { captcha, codes, outbox, mail: mailDriver, delivery, routes: verificationRoutes };
}

export type VerificationModule = ReturnType<typeof createVerificationModule>;
