import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clusters } from './hpc';
import { groups, users } from './identity';

/*
 * Grants and quotas (spec §3 "Partition with group quotas and user quotas; Cluster quota (HPC)").
 * Partitions are named by (cluster, name), not by the partitions row: that row is forgotten and
 * re-created when administrators delete a description, and a grant must outlive that.
 * CPU time is core-seconds; usage is read from the synced `jobs` table from `usage_since` on.
 */

const times = () => ({
  usageSince: timestamp('usage_since', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which group may use which partition, within which limits; a null group is every group. */
export const partitionGrants = pgTable(
  'partition_grants',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    partitionName: text('partition_name').notNull(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    maxCpus: integer('max_cpus'),
    maxTimeMinutes: integer('max_time_minutes'),
    cpuSecondsLimit: bigint('cpu_seconds_limit', { mode: 'number' }),
    ...times(),
  },
  (t) => [
    unique('partition_grants_unique').on(t.clusterId, t.partitionName, t.groupId).nullsNotDistinct(),
    index('partition_grants_group_idx').on(t.groupId),
  ],
);

/** One user's quota inside their group's grant: narrower limits, or `allowed = false` to exclude them. */
export const partitionUserQuotas = pgTable(
  'partition_user_quotas',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    partitionName: text('partition_name').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    allowed: boolean('allowed').notNull().default(true),
    maxCpus: integer('max_cpus'),
    maxTimeMinutes: integer('max_time_minutes'),
    cpuSecondsLimit: bigint('cpu_seconds_limit', { mode: 'number' }),
    ...times(),
  },
  (t) => [unique('partition_user_quotas_unique').on(t.clusterId, t.partitionName, t.userId), index('partition_user_quotas_user_idx').on(t.userId)],
);

/** A cluster-wide quota (HPC) of exactly one user or one group. */
export const clusterQuotas = pgTable(
  'cluster_quotas',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    cpuSecondsLimit: bigint('cpu_seconds_limit', { mode: 'number' }),
    maxCpus: integer('max_cpus'),
    ...times(),
  },
  (t) => [
    check('cluster_quotas_one_subject', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
    unique('cluster_quotas_user_unique').on(t.clusterId, t.userId),
    unique('cluster_quotas_group_unique').on(t.clusterId, t.groupId),
  ],
);
