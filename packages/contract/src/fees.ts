import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { schedulerNameSchema } from './hpc';

/*
 * CPU-hours and fees (spec §3 CPU-hours record and fee-over flag, §4 fee-over rules, §7 "Fees", §9 核时).
 * Usage travels in core-seconds and money in the smallest unit (fen: 1/100 of a yuan), both integers
 * (ARCHITECTURE §7); the browser formats them. Days are UTC `YYYY-MM-DD`.
 */

const isoTime = z.iso.datetime({ offset: true });
const day = z.iso.date();
/** Money and core-seconds: whole, never negative, and a number (a string "12" is a 1400 naming the field). */
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const allocationScopes = ['user', 'group', 'community'] as const;
export const allocationScopeSchema = z.enum(allocationScopes);
export type AllocationScope = z.infer<typeof allocationScopeSchema>;

// ---------------------------------------------------------------- usage and fee status

/** One day of usage on one cluster (the charts' points). */
export const usageDaySchema = z.object({
  day: z.string(),
  cluster_name: z.string(),
  cpu_seconds: z.number(),
  core_seconds: z.number(),
  gpu_seconds: z.number(),
  cost: z.number(),
  jobs: z.number().int(),
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const usageRangeQuerySchema = z.object({
  /** Inclusive, UTC days; default: the last 30 days. */
  from: day.optional(),
  to: day.optional(),
  cluster_name: schedulerNameSchema.optional(),
});
export type UsageRangeQuery = z.infer<typeof usageRangeQuerySchema>;

/** GET /fee/cpuhours/user: the caller's own CPU-hours (the §3 record). */
export const userCpuHoursSchema = z.object({
  user_name: z.string(),
  from: z.string(),
  to: z.string(),
  core_seconds: z.number(),
  cpu_seconds: z.number(),
  cost: z.number(),
  days: z.array(usageDaySchema),
});
export type UserCpuHours = z.infer<typeof userCpuHoursSchema>;

/** An allocation as its holder sees it: what was given, what is used in its period. */
export const allocationSchema = z.object({
  id: z.number().int(),
  scope: allocationScopeSchema,
  target_id: z.number().int(),
  target_name: z.string(),
  /** Null: every cluster. */
  cluster_name: z.string().nullable(),
  cpu_seconds_limit: z.number().nullable(),
  balance: z.number().nullable(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  /** Set when a group administrator gave it to a member within the group's allocation. */
  granted_by_group_id: z.number().int().nullable(),
  used_core_seconds: z.number(),
  spent: z.number(),
  over_limit: z.boolean(),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** The user fee-status call (spec §7: "response spec with over_limit"): GET /fee/status. */
export const feeStatusSchema = z.object({
  user_name: z.string(),
  over_limit: z.boolean(),
  /** Why: the allocation reached, or an administrator's block. Null when not over. */
  reason: z.string().nullable(),
  blocked: z.boolean(),
  whitelisted: z.boolean(),
  /** The allocation that is exceeded (the first found, most specific first). */
  exceeded: allocationSchema.nullable(),
  allocations: z.array(allocationSchema),
  core_seconds: z.number(),
  cost: z.number(),
  checked_at: z.string(),
});
export type FeeStatus = z.infer<typeof feeStatusSchema>;

/** GET /fee/hpc/cpuhours/{id} ({id} = group id): the group's CPU-hours record (§3, §4 1-hour reload). */
export const groupCpuHoursSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  from: z.string(),
  to: z.string(),
  core_seconds: z.number(),
  cost: z.number(),
  allocation: allocationSchema.nullable(),
  days: z.array(usageDaySchema),
  top_users: z.array(z.object({ user_name: z.string(), core_seconds: z.number(), cost: z.number() })),
});
export type GroupCpuHours = z.infer<typeof groupCpuHoursSchema>;

/** A member's line on the group board (GET /fee/userlevel/cpuhours). */
export const memberUsageSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  system_account: z.string().nullable(),
  core_seconds: z.number(),
  cost: z.number(),
  /** The member's own allocation inside the group's (null: none; the group's applies). */
  allocation: allocationSchema.nullable(),
  over_limit: z.boolean(),
});
export type MemberUsage = z.infer<typeof memberUsageSchema>;

export const memberUsageQuerySchema = pageQuerySchema.extend({
  /** Default: the first group the caller administers. */
  group_id: z.coerce.number().int().positive().optional(),
  field_lk_user_name: z.string().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type MemberUsageQuery = z.infer<typeof memberUsageQuerySchema>;

/** POST /fee/userlevel/cpuhours/{id} ({id} = user id): a group administrator's per-member limit. */
export const memberLimitInputSchema = z
  .object({
    /** Null removes the member's own limit (the group's allocation applies alone). */
    cpu_seconds_limit: amount.nullable(),
    cluster_name: schedulerNameSchema.nullable().optional(),
  })
  .strict();
export type MemberLimitInput = z.infer<typeof memberLimitInputSchema>;

/** A community board line: one group of the community. */
export const communityGroupUsageSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  members: z.number().int(),
  core_seconds: z.number(),
  cost: z.number(),
  allocation: allocationSchema.nullable(),
});
export type CommunityGroupUsage = z.infer<typeof communityGroupUsageSchema>;

export const communityUsageSchema = z.object({
  community_id: z.number().int(),
  community_name: z.string(),
  from: z.string(),
  to: z.string(),
  core_seconds: z.number(),
  cost: z.number(),
  allocation: allocationSchema.nullable(),
  days: z.array(usageDaySchema),
  groups: z.object({ list: z.array(communityGroupUsageSchema), total: z.number().int() }),
});
export type CommunityUsage = z.infer<typeof communityUsageSchema>;
export const communityUsageQuerySchema = pageQuerySchema.extend({ from: day.optional(), to: day.optional() });
export type CommunityUsageQuery = z.infer<typeof communityUsageQuerySchema>;
export const communityNameParamsSchema = z.object({ communityName: z.string().min(1).max(64) });

export const communitySummarySchema = z.object({ community_id: z.number().int(), community_name: z.string(), groups: z.number().int(), core_seconds: z.number(), cost: z.number() });
export type CommunitySummary = z.infer<typeof communitySummarySchema>;

// ---------------------------------------------------------------- cost logs and snapshots

export const costLogSchema = z.object({
  id: z.number().int(),
  cluster_name: z.string(),
  job_id: z.string(),
  step: z.string(),
  user_account: z.string(),
  user_name: z.string().nullable(),
  group_name: z.string().nullable(),
  partition: z.string(),
  qos: z.string(),
  end_time: z.string(),
  core_seconds: z.number(),
  cpu_seconds: z.number(),
  gpu_seconds: z.number(),
  cost: z.number(),
  price_id: z.number().int().nullable(),
});
export type CostLog = z.infer<typeof costLogSchema>;

export const costLogQuerySchema = pageQuerySchema.extend({
  /** Only admins (kcluster_clusters_admin) may ask for everyone's; others see their own. */
  scope: z.enum(['mine', 'all']).default('mine'),
  field_eq_cluster_name: z.string().max(64).optional(),
  field_lk_user_name: z.string().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type CostLogQuery = z.infer<typeof costLogQuerySchema>;

export const snapSchema = z.object({
  day: z.string(),
  scope: allocationScopeSchema,
  target_id: z.number().int(),
  target_name: z.string(),
  core_seconds: z.number(),
  cost: z.number(),
  cpu_seconds_limit: z.number().nullable(),
  balance: z.number().nullable(),
});
export type Snap = z.infer<typeof snapSchema>;
export const snapQuerySchema = pageQuerySchema.extend({
  field_eq_scope: allocationScopeSchema.optional(),
  field_eq_target_id: z.coerce.number().int().positive().optional(),
  from: day.optional(),
  to: day.optional(),
});
export type SnapQuery = z.infer<typeof snapQuerySchema>;

// ---------------------------------------------------------------- prices, settings, allocations (admin)

export const priceSchema = z.object({
  id: z.number().int(),
  cluster_name: z.string(),
  partition: z.string(),
  /** Null: any QoS. */
  qos: z.string().nullable(),
  /** Null: the default price (no group or community of its own). */
  group_id: z.number().int().nullable(),
  community_id: z.number().int().nullable(),
  /** Per core-hour, GPU-hour and node-hour (exclusive partitions), in fen. */
  core_hour_price: z.number(),
  gpu_hour_price: z.number(),
  node_hour_price: z.number(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});
export type Price = z.infer<typeof priceSchema>;

export const priceInputSchema = z
  .object({
    cluster_name: schedulerNameSchema,
    partition: schedulerNameSchema,
    qos: schedulerNameSchema.nullable().optional(),
    group_id: z.number().int().positive().nullable().optional(),
    community_id: z.number().int().positive().nullable().optional(),
    core_hour_price: amount,
    gpu_hour_price: amount.optional(),
    node_hour_price: amount.optional(),
    valid_from: isoTime,
    valid_to: isoTime.nullable().optional(),
  })
  .strict()
  .refine((v) => !(v.group_id && v.community_id), { path: ['community_id'], message: 'a price is for a group or a community, not both' })
  .refine((v) => !v.valid_to || Date.parse(v.valid_to) > Date.parse(v.valid_from), { path: ['valid_to'], message: 'must be after valid_from' });
export type PriceInput = z.infer<typeof priceInputSchema>;
export const priceListQuerySchema = pageQuerySchema.extend({ field_eq_cluster_name: z.string().max(64).optional() });
export type PriceListQuery = z.infer<typeof priceListQuerySchema>;

export const unpricedPartitionSchema = z.object({ cluster_name: z.string(), partition: z.string() });

export const feeSettingsSchema = z.object({
  /** A charged job costs at least this (fen); 0: none. */
  minimum_charge: amount,
  /** Costs are rounded up to a multiple of this (fen); 1: to the fen. */
  rounding_unit: z.number().int().min(1).max(1_000_000),
});
export type FeeSettings = z.infer<typeof feeSettingsSchema>;

export const allocationInputSchema = z
  .object({
    scope: allocationScopeSchema,
    /** The user's, group's or community's name. */
    target_name: z.string().min(1).max(64),
    cluster_name: schedulerNameSchema.nullable().optional(),
    cpu_seconds_limit: amount.nullable().optional(),
    balance: amount.nullable().optional(),
    valid_from: isoTime.optional(),
    valid_to: isoTime.nullable().optional(),
  })
  .strict()
  .refine((v) => v.cpu_seconds_limit != null || v.balance != null, { path: ['cpu_seconds_limit'], message: 'give CPU-hours, a balance or both' })
  .refine((v) => !v.valid_to || !v.valid_from || Date.parse(v.valid_to) > Date.parse(v.valid_from), { path: ['valid_to'], message: 'must be after valid_from' });
export type AllocationInput = z.infer<typeof allocationInputSchema>;
export const allocationPatchSchema = z
  .object({ cpu_seconds_limit: amount.nullable().optional(), balance: amount.nullable().optional(), valid_to: isoTime.nullable().optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type AllocationPatch = z.infer<typeof allocationPatchSchema>;
export const allocationListQuerySchema = pageQuerySchema.extend({ field_eq_scope: allocationScopeSchema.optional(), field_lk_target_name: z.string().max(64).optional() });
export type AllocationListQuery = z.infer<typeof allocationListQuerySchema>;

/** Whitelist (never blocked) and an administrator's block, beside the automatic rule. */
export const accountFlagSchema = z.object({
  user_name: z.string(),
  whitelisted: z.boolean(),
  blocked: z.boolean(),
  reason: z.string(),
  updated_at: z.string(),
});
export type AccountFlag = z.infer<typeof accountFlagSchema>;
export const accountFlagInputSchema = z
  .object({ whitelisted: z.boolean().optional(), blocked: z.boolean().optional(), reason: z.string().max(500).optional() })
  .strict()
  .refine((v) => v.whitelisted !== undefined || v.blocked !== undefined, 'nothing to change');
export type AccountFlagInput = z.infer<typeof accountFlagInputSchema>;

export const syncResultSchema = z.object({ clusters: z.number().int(), rows: z.number().int(), charged: z.number().int(), warnings: z.array(z.string()) });
export type SyncResult = z.infer<typeof syncResultSchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const userNameParamsSchema = z.object({ name: z.string().min(1).max(64) });
