import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** Uncaught errors reported by browsers (spec §8). */
export const clientErrors = pgTable('client_errors', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  stack: text('stack'),
  url: text('url').notNull(),
  userAgent: text('user_agent'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  ip: text('ip').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed logins inside the throttling window. Kept in the database, not in memory, so every
 * API instance sees the same count. `account_key` is `user:<id>` for a known user, else `name:<typed name>`.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.accountKey, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);
