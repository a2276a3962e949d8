import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Security-relevant events: who (user id and name as known then — a failed login may name no user),
 * what, from where, with which result. No foreign key: a record outlives the user it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    result: text('result', { enum: ['ok', 'failed'] }).notNull(),
    userId: integer('user_id'),
    userName: text('user_name').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    detail: text('detail').notNull().default(''),
    /** Whom or what the action was done to (a user, group, role …), e.g. `user:alice`. */
    target: text('target').notNull().default(''),
    /** The real user when the action was made in a switched-to session (spec §4). */
    impersonatorName: text('impersonator_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_user_idx').on(t.userId, t.action, t.createdAt.desc()), index('audit_events_created_idx').on(t.createdAt.desc())],
);
