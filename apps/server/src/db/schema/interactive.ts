import { index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { clusters } from './hpc';
import { users } from './identity';

/**
 * Interactive sessions (modules/interactive): one batch job of the owner's bound account each. The state is
 * re-read from the scheduler and the connection file, so a restarted console carries on from these rows.
 */
export const interactiveSessions = pgTable(
  'interactive_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    /** The bound account the job runs as (a later re-binding does not hand the session to someone else). */
    account: text('account').notNull(),
    app: text('app').notNull(),
    partition: text('partition').notNull(),
    cpus: integer('cpus').notNull(),
    memoryMb: integer('memory_mb'),
    hours: real('hours').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    jobId: text('job_id').notNull(),
    /** queued | starting | running | completed | failed | expired */
    state: text('state').notNull(),
    reason: text('reason'),
    folder: text('folder').notNull(),
    node: text('node'),
    /** Where the proxy connects, set only once the scheduler's node and the app's answer to the secret agree. */
    host: text('host'),
    port: integer('port'),
    secret: text('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  },
  (t) => [index('interactive_sessions_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * The session origin's credentials (modules/interactive/session-passes.ts), kept here so that every console
 * instance behind a balancer honours them: single-use **tickets** (60 s) and the **cookie** values given for
 * them (until the session's end, 12 h at most). Only a SHA-256 of each value is stored (as tokens are): a
 * read of this table opens no session. Rows past `expires_at` are worth nothing and are swept; ending a
 * session deletes its rows. No foreign keys: a pass outlives nothing (it expires), and a pass row must never
 * hold up deleting a user or a session.
 */
export const interactivePasses = pgTable(
  'interactive_passes',
  {
    hash: text('hash').primaryKey(),
    /** ticket | cookie */
    kind: text('kind').notNull(),
    sessionId: text('session_id').notNull(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('interactive_passes_session_idx').on(t.sessionId), index('interactive_passes_expiry_idx').on(t.expiresAt)],
);
