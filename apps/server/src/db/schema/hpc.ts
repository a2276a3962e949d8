import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sessions, users } from './identity';

const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stored cluster settings (keys as the contract's clusterSettingsInputSchema). They may name secret
 * files on the API server (jwt_key_file, ssh.key_file); the clusters service strips those from replies.
 */
export type ClusterSettingsRecord = Record<string, unknown>;

export const clusters = pgTable(
  'clusters',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    kind: text('kind', { enum: ['hpc', 'k8s'] }).notNull(),
    driver: text('driver', { enum: ['local', 'slurm', 'k8s'] }).notNull(),
    settings: jsonb('settings').$type<ClusterSettingsRecord>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check('clusters_kind_check', sql`${t.kind} in ('hpc', 'k8s')`),
    check('clusters_driver_check', sql`${t.driver} in ('local', 'slurm', 'k8s')`),
  ],
);

/**
 * A partition as administrators describe it. Rows are added when the scheduler shows a partition
 * (discovery) or an administrator describes one; `discovered` says whether the scheduler still has it.
 */
export const partitions = pgTable(
  'partitions',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    partitionType: text('partition_type').notNull().default(''),
    initType: text('init_type').notNull().default(''),
    discovered: boolean('discovered').notNull().default(false),
    ...timestamps(),
  },
  (t) => [unique('partitions_cluster_name_unique').on(t.clusterId, t.name)],
);

/** One system account per user and one user per system account, on every cluster (spec §4, §5). */
export const bindings = pgTable('bindings', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  systemAccount: text('system_account').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use handshake uuids (GET /user/user_uuid). A uuid proves nothing alone: on a Slurm cluster it
 * must also be found in the account's proof file, read over SFTP as that account.
 */
export const bindUuids = pgTable(
  'bind_uuids',
  {
    uuid: text('uuid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bind_uuids_user_idx').on(t.userId)],
);

/**
 * Tokens for the scheduler service calls (`Scheduler-Token`, spec §7), hashed like sessions. Each
 * belongs to the session that asked for it: logging out or revoking the session ends it too.
 */
export const schedulerTokens = pgTable(
  'scheduler_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scheduler_tokens_session_idx').on(t.sessionId)],
);
