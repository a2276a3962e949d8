import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

const stamp = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A dataset: a named, described, labelled set of paths in the owner's storage, shareable read-only. */
export const udmDatasets = pgTable(
  'udm_datasets',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    paths: jsonb('paths').$type<string[]>().notNull().default([]),
    sharedWithGroup: boolean('shared_with_group').notNull().default(false),
    /** sha256 of the share link's token (the token itself is shown once). */
    shareTokenHash: text('share_token_hash'),
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [uniqueIndex('udm_datasets_user_name_key').on(t.userId, t.name), index('udm_datasets_share_idx').on(t.shareTokenHash)],
);

/** A connection to an external store; the secret is write-only (never answered). */
export const udmSources = pgTable(
  'udm_sources',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username').notNull().default(''),
    secret: text('secret').notNull().default(''),
    remotePath: text('remote_path').notNull().default(''),
    /** Where in the owner's storage the files land (relative to the home). */
    targetPath: text('target_path').notNull(),
    /** S3: bucket region/endpoint extras; WebDAV: https or not. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    createdAt: stamp('created_at'),
  },
  (t) => [uniqueIndex('udm_sources_user_name_key').on(t.userId, t.name)],
);

/** One start of a data source: rclone's progress, its log tail and the checksum report. */
export const udmTransfers = pgTable(
  'udm_transfers',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => udmSources.id, { onDelete: 'cascade' }),
    userId: owner(),
    state: text('state').notNull().default('queued'),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    speed: bigint('speed', { mode: 'number' }).notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** The running rclone's pid: a restarted server stops an orphan left by a killed one before resuming. */
    pid: integer('pid'),
    log: text('log').notNull().default(''),
    error: text('error').notNull().default(''),
    checksums: jsonb('checksums').$type<{ path: string; size: number; sha1: string; match: boolean }[]>().notNull().default([]),
    checksumOk: boolean('checksum_ok'),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('udm_transfers_user_idx').on(t.userId), index('udm_transfers_state_idx').on(t.state)],
);

/** Admin allow list: hosts (or host:port) a data source may reach although they are loopback/private. */
export const udmAllowedHosts = pgTable('udm_allowed_hosts', {
  host: text('host').primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: stamp('created_at'),
});
