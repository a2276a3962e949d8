import { integer, jsonb, pgTable, serial, text, timestamp, unique, boolean, index } from 'drizzle-orm/pg-core';
import { clusters, partitions } from './hpc';
import { users } from './identity';

/**
 * Network policies (spec §3 "Network policy: cluster, user, forkFrom"): the networks a user's web shell
 * sessions on a cluster may come from. Kubernetes enforcement (a NetworkPolicy object) is later work.
 */
export const networkPolicies = pgTable(
  'network_policies',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user whose policy this one was copied from (kept by name: that policy may be deleted later). */
    forkFrom: text('fork_from'),
    allowedSources: jsonb('allowed_sources').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('network_policies_cluster_user_unique').on(t.clusterId, t.userId), index('network_policies_user_idx').on(t.userId)],
);

/** The web shell of a partition (spec §3 "Webssh setting per partition"); no row: no shell. */
export const partitionWebssh = pgTable('partition_webssh', {
  partitionId: integer('partition_id')
    .primaryKey()
    .references(() => partitions.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** Null: the cluster's SSH login node (settings.ssh). */
  host: text('host'),
  port: integer('port'),
  hostKeySha256: text('host_key_sha256'),
  idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
  maxDurationSeconds: integer('max_duration_seconds').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
