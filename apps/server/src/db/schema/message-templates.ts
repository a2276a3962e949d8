import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A message template (issue 11). `content` is sanitised HTML (in-app, e-mail) or plain text (SMS). */
export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  channel: text('channel').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
