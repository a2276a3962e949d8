import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { storages } from './cluster-storage';

/**
 * A chunked upload in progress (the storage issue's resumable uploads). Kept in the database, not in
 * one server's memory, so a restarted server or a second instance resumes it. The bytes live in the
 * part file `.starlight-part-<part_id>` beside the target, in the account's home, via the file driver.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    /** Random, unguessable: the browser keeps it to resume. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The system account the bytes are written as. */
    account: text('account').notNull(),
    /** Home-relative target path, as the user gave it (normalised by the driver on every call). */
    targetPath: text('target_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    /** Whole-file SHA-256 (hex), when the client knew it at the start; otherwise given at completion. */
    sha256: text('sha256'),
    overwrite: boolean('overwrite').notNull().default(false),
    /** Verified chunk indexes; appended atomically, so parallel chunks on several instances never lose one. */
    received: integer('received').array().notNull().default([]),
    partId: text('part_id').notNull(),
    /** The storage the upload writes to (cluster-storage); null: the default storage. */
    storageId: integer('storage_id').references(() => storages.id, { onDelete: 'cascade' }),
    /** open → completing → completed | failed; open → aborted. */
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_sessions_user_idx').on(t.userId), index('upload_sessions_expires_idx').on(t.state, t.expiresAt)],
);

/** A read-only link to one file (/datafile/view): only the token's hash is stored, like sessions. */
export const fileShares = pgTable(
  'file_shares',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Checked again on every use: the link dies with the binding that made it. */
    userName: text('user_name').notNull(),
    account: text('account').notNull(),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('file_shares_expires_idx').on(t.expiresAt)],
);
