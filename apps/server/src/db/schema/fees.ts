import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clusters } from './hpc';
import { users } from './identity';

/**
 * One accounting row per finished job (step `''`: the job as a whole) as the scheduler's own accounting
 * reports it (slurmdbd, the local queue's measured CPU time), with whom it is charged to at the time it
 * is read and what it cost. Unique by cluster + job + step: re-reading a window inserts nothing twice.
 * It is also the cost log (`/fee/costlogs`).
 */
export const feeUsage = pgTable(
  'fee_usage',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    jobId: text('job_id').notNull(),
    step: text('step').notNull().default(''),
    userAccount: text('user_account').notNull(),
    chargeAccount: text('charge_account').notNull().default(''),
    userId: integer('user_id'),
    groupId: integer('group_id'),
    communityId: integer('community_id'),
    partition: text('partition').notNull(),
    qos: text('qos').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    cpuSeconds: doublePrecision('cpu_seconds').notNull().default(0),
    coreSeconds: bigint('core_seconds', { mode: 'number' }).notNull().default(0),
    gpuSeconds: bigint('gpu_seconds', { mode: 'number' }).notNull().default(0),
    nodeSeconds: bigint('node_seconds', { mode: 'number' }).notNull().default(0),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    priceId: integer('price_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('fee_usage_job_unique').on(t.clusterId, t.jobId, t.step),
    index('fee_usage_user_day_idx').on(t.userId, t.day),
    index('fee_usage_group_day_idx').on(t.groupId, t.day),
    index('fee_usage_community_day_idx').on(t.communityId, t.day),
    index('fee_usage_end_idx').on(t.endTime.desc(), t.id.desc()),
  ],
);

/** How far each cluster's accounting has been read (by job end time). */
export const feeSyncState = pgTable('fee_sync_state', {
  clusterId: integer('cluster_id')
    .primaryKey()
    .references(() => clusters.id, { onDelete: 'cascade' }),
  syncedUntil: timestamp('synced_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Price tables: the most specific valid item wins (qos over partition; group/community over default). */
export const feePrices = pgTable(
  'fee_prices',
  {
    id: serial('id').primaryKey(),
    clusterName: text('cluster_name').notNull(),
    partition: text('partition').notNull(),
    qos: text('qos'),
    groupId: integer('group_id'),
    communityId: integer('community_id'),
    coreHourPrice: bigint('core_hour_price', { mode: 'number' }).notNull(),
    gpuHourPrice: bigint('gpu_hour_price', { mode: 'number' }).notNull().default(0),
    nodeHourPrice: bigint('node_hour_price', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_prices_lookup_idx').on(t.clusterName, t.partition),
    check('fee_prices_nonnegative', sql`${t.coreHourPrice} >= 0 and ${t.gpuHourPrice} >= 0 and ${t.nodeHourPrice} >= 0`),
  ],
);

/** One row (id 1): the minimum charge and the rounding unit, in fen. */
export const feeSettings = pgTable('fee_settings', {
  id: integer('id').primaryKey(),
  minimumCharge: bigint('minimum_charge', { mode: 'number' }).notNull().default(0),
  roundingUnit: integer('rounding_unit').notNull().default(1),
});

/** CPU-hours and/or a money balance for a user, a group or a community over a period. */
export const feeAllocations = pgTable(
  'fee_allocations',
  {
    id: serial('id').primaryKey(),
    scope: text('scope', { enum: ['user', 'group', 'community'] }).notNull(),
    targetId: integer('target_id').notNull(),
    clusterName: text('cluster_name'),
    cpuSecondsLimit: bigint('cpu_seconds_limit', { mode: 'number' }),
    balance: bigint('balance', { mode: 'number' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** A group administrator's per-member limit carries the group it was given within. */
    grantedByGroupId: integer('granted_by_group_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fee_allocations_target_idx').on(t.scope, t.targetId)],
);

/** Whitelist and an administrator's block, per user. */
export const feeAccountFlags = pgTable('fee_account_flags', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  whitelisted: boolean('whitelisted').notNull().default(false),
  blocked: boolean('blocked').notNull().default(false),
  reason: text('reason').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What was last written into each cluster for an account, so only changes are sent. */
export const feeSchedulerLimits = pgTable(
  'fee_scheduler_limits',
  {
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    blocked: boolean('blocked').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('fee_scheduler_limits_unique').on(t.clusterId, t.account)],
);

/** Daily snapshots of usage and allocations for reports (`/fee/snap`). */
export const feeSnaps = pgTable(
  'fee_snaps',
  {
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope', { enum: ['user', 'group', 'community'] }).notNull(),
    targetId: integer('target_id').notNull(),
    coreSeconds: bigint('core_seconds', { mode: 'number' }).notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    cpuSecondsLimit: bigint('cpu_seconds_limit', { mode: 'number' }),
    balance: bigint('balance', { mode: 'number' }),
  },
  (t) => [unique('fee_snaps_unique').on(t.day, t.scope, t.targetId)],
);
