import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** A message to one user; status 1 is unread (spec §4). `content` is sanitised HTML. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the contract's messageKinds. */
    kind: text('kind').notNull().default('notice'),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('messages_user_status_idx').on(t.userId, t.status),
  ],
);

/**
 * A user's channel choice for one kind (no row: the contract's defaultChannels). `updatedAt` is when
 * the choice was made: opt-in notices (job finished) are sent only for what happened after it.
 */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One row per recipient of each send: what it became in each channel. A `dedupeKey` (job
 * `job:<cluster>:<id>:<submitted>`) makes a send happen once per user however often it is asked for,
 * across re-syncs and restarts; the template issue's background delivery tracks its state here too.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** none (not chosen or no address) | pending | sent | failed */
    emailState: text('email_state').notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('message_deliveries_user_key_unique').on(t.userId, t.dedupeKey)],
);

/**
 * A template sent to many users (`POST /message/template/send`): the title and body as saved at the
 * time (variables still in), the variable values given, and progress. The leader delivers it in the
 * background (`template-send.service.ts`); `state` is pending until every recipient is delivered.
 */
export const messageSends = pgTable('message_sends', {
  id: serial('id').primaryKey(),
  templateId: integer('template_id'),
  templateName: text('template_name').notNull(),
  /** The template's channel: in_app, or email (an in-app message and an e-mail). */
  channel: text('channel').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** JSON: the fixed variables' values ({cluster, date}). */
  values: text('values').notNull().default('{}'),
  /** JSON: what was asked for ({user_ids} | {group_ids} | {community_ids} | {everyone}). */
  target: text('target').notNull(),
  /** pending | done */
  state: text('state').notNull().default('pending'),
  total: integer('total').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * One recipient of a send: pending until the batch that inserts their message commits, in the same
 * transaction, `delivered` with the message's id. The primary key (send, user) makes a user a recipient once.
 */
export const messageSendRecipients = pgTable(
  'message_send_recipients',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => messageSends.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | delivered */
    state: text('state').notNull().default('pending'),
    messageId: integer('message_id'),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.userId] }), index('message_send_recipients_pending_idx').on(t.sendId, t.state)],
);
