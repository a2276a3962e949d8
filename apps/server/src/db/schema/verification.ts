import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A one-time code sent to an e-mail address or a phone. Only a hash of the code is kept. Rows are
 * also the rate-limit counter (per address and per client IP), so every instance agrees.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'reset', 'modify_email', 'modify_telephone'] }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The solved captcha this code was issued under (register codes), so the register call can name it. */
    captchaId: text('captcha_id'),
    ip: text('ip').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_address_idx').on(t.address, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('register', 'reset', 'modify_email', 'modify_telephone')`),
    check('verification_codes_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);

/**
 * Messages the built-in SMS driver (and the mail driver without SMTP) "send": a platform admin reads
 * them in the console, so the embedded default works with no provider.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    address: text('address').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** The one-time secret the message carries (a code, an initial password), so a reader who may not act on the account sees it masked. */
    secret: text('secret'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt.desc(), t.id.desc()), index('outbox_address_idx').on(t.address)],
);

/** A human-verification challenge: one use (any answer burns it), expiring; only the answer's hash is kept. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
