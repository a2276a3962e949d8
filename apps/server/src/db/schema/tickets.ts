import { index, integer, pgTable, serial, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { bytes } from './profile';

/** A support ticket (issue 11). `body` is sanitised HTML; the times make first-response and resolution. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    cluster: text('cluster'),
    jobId: text('job_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    state: text('state').notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('tickets_user_idx').on(t.userId, t.createdAt), index('tickets_state_idx').on(t.state, t.createdAt)],
);

/** A public reply or (staff) internal note. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    staff: boolean('staff').notNull(),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.id)],
);

/**
 * A file attached when the ticket was made, copied out of the user's storage (read as their bound
 * account): staff read it here, without acting as the user, and it stays what the user sent.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    content: bytes('content').notNull(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId)],
);
