import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clusters } from './hpc';
import { groups, users } from './identity';

/**
 * A storage (spec §3 Filesystem / Storage) of a cluster: where the bound account's files live on it.
 * `root` is a template with `{account}` (local: under the data directory; ssh: on the login node).
 */
export const storages = pgTable(
  'storages',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    driver: text('driver', { enum: ['local', 'ssh'] }).notNull(),
    root: text('root').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('storages_cluster_name_unique').on(t.clusterId, t.name), check('storages_driver_check', sql`${t.driver} in ('local', 'ssh')`)],
);

/** §3 cluster storage record (cluster_name, partition_name, storage_name); the partition by name, as the scheduler has it. */
export const partitionStorages = pgTable(
  'partition_storages',
  {
    storageId: integer('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    partitionName: text('partition_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storageId, t.partitionName] })],
);

/** A storage quota for one user or one group on one storage; limit null = none; expired → writes refused. */
export const storageQuotas = pgTable(
  'storage_quotas',
  {
    id: serial('id').primaryKey(),
    storageId: integer('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    limitBytes: bigint('limit_bytes', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('storage_quotas_user_unique').on(t.storageId, t.userId),
    unique('storage_quotas_group_unique').on(t.storageId, t.groupId),
    index('storage_quotas_group_idx').on(t.groupId),
    check('storage_quotas_one_subject', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
  ],
);
