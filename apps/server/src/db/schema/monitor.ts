import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clusters } from './hpc';

/** The last state the console saw of each node: a different one next time is a `node_state` event. */
export const monitorNodeStates = pgTable(
  'monitor_node_states',
  {
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    node: text('node').notNull(),
    state: text('state').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.node] })],
);

/**
 * Node state changes and job failures, recorded as the node polling and the jobs sync see them.
 * A job's failure is recorded once (the partial unique index), however often the sync sees it.
 */
export const monitorEvents = pgTable(
  'monitor_events',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    /** node_state | job_failed */
    type: text('type').notNull(),
    nodes: text('nodes').array().notNull().default([]),
    jobId: bigint('job_id', { mode: 'number' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    info: text('info').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('monitor_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('monitor_events_nodes_idx').using('gin', t.nodes),
    uniqueIndex('monitor_events_job_unique').on(t.clusterId, t.jobId).where(sql`${t.type} = 'job_failed'`),
  ],
);

/** Where a cluster's node metrics come from (Prometheus URL and the node → series mapping). */
export const monitorMetricsSettings = pgTable('monitor_metrics_settings', {
  clusterId: integer('cluster_id')
    .primaryKey()
    .references(() => clusters.id, { onDelete: 'cascade' }),
  driver: text('driver').notNull(),
  url: text('url'),
  nodeLabel: text('node_label'),
  nodeTemplate: text('node_template'),
  nodeMap: jsonb('node_map').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Hardware devices (spec §3 "Hardware device: id", §7 /resource/hardware/devices). */
export const hardwareDevices = pgTable(
  'hardware_devices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    clusterId: integer('cluster_id').references(() => clusters.id, { onDelete: 'set null' }),
    node: text('node'),
    serial: text('serial'),
    location: text('location'),
    status: text('status').notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hardware_devices_serial_unique').on(t.serial), index('hardware_devices_cluster_idx').on(t.clusterId, t.node)],
);

/** The external monitoring dashboard's address: one row (id 1) at most, set by a monitoring administrator. */
export const monitorDashboard = pgTable('monitor_dashboard', {
  id: integer('id').primaryKey(),
  url: text('url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
