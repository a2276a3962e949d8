import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { schedulerNameSchema } from './hpc';

/*
 * Partition grants (group quotas), user quotas within a grant, cluster quotas (HPC) and the
 * availability they decide (spec §2 /cluster-partition, §3, §6, §7 "Clusters and partitions").
 * CPU time travels as core-seconds (integers, ARCHITECTURE §7); the browser shows 核时 (÷3600).
 */

/** `group_id` 0 in paths and queries names the every-group grant (stored as a null group). */
export const everyGroupId = 0;

const positiveInt = (max: number) => z.number().int().min(1).max(max);
const isoTime = z.iso.datetime({ offset: true });

/** Limits a grant, a user quota or a cluster quota may carry; null: no limit. */
const limitFields = {
  /** CPUs one job may ask for. */
  max_cpus: positiveInt(1_000_000).nullable(),
  /** Time limit one job may ask for, minutes. */
  max_time_minutes: positiveInt(366 * 24 * 60).nullable(),
  /** Core-seconds the holder may use in all (from `usage_since`). */
  cpu_seconds_limit: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  /** After this time the record no longer grants anything. */
  expires_at: isoTime.nullable(),
};
export const quotaLimitsInputSchema = z.object(limitFields).partial();
export type QuotaLimitsInput = z.infer<typeof quotaLimitsInputSchema>;

const usageFields = {
  /** Core-seconds used by the holder's jobs since `usage_since` (our synced jobs table). */
  used_cpu_seconds: z.number().min(0),
  usage_since: z.string(),
  expired: z.boolean(),
  /** `used_cpu_seconds` reached `cpu_seconds_limit`. */
  over_limit: z.boolean(),
};

// ---------------------------------------------------------------- group quotas (grants)

export const groupQuotaSchema = z.object({
  id: z.number().int(),
  cluster_id: z.number().int(),
  cluster_name: z.string(),
  /** Null while the partition has no row (not discovered nor described yet). */
  partition_id: z.number().int().nullable(),
  partition_name: z.string(),
  /** Null: every group. */
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  ...limitFields,
  ...usageFields,
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupQuota = z.infer<typeof groupQuotaSchema>;

/** Mutations also say what the cluster could not be told (Slurm associations), never silently. */
export const groupQuotaChangeSchema = z.object({ quota: groupQuotaSchema.nullable(), warnings: z.array(z.string()) });
export type GroupQuotaChange = z.infer<typeof groupQuotaChangeSchema>;

export const groupQuotaCreateInputSchema = z
  .object({
    partition_id: z.number().int().positive(),
    /** Null or 0: every group. */
    group_id: z.number().int().min(0).nullable(),
    ...limitFields,
  })
  .partial({ max_cpus: true, max_time_minutes: true, cpu_seconds_limit: true, expires_at: true })
  .strict();
export type GroupQuotaCreateInput = z.infer<typeof groupQuotaCreateInputSchema>;

export const groupQuotaPatchInputSchema = quotaLimitsInputSchema
  .extend({ reset_usage: z.boolean().optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type GroupQuotaPatchInput = z.infer<typeof groupQuotaPatchInputSchema>;

export const groupQuotaListQuerySchema = pageQuerySchema.extend({
  field_eq_cluster_name: z.string().max(64).optional(),
  field_eq_partition_name: z.string().max(64).optional(),
  field_eq_group_id: z.coerce.number().int().min(0).optional(),
});
export type GroupQuotaListQuery = z.infer<typeof groupQuotaListQuerySchema>;

export const partitionGroupParamsSchema = z.object({ id: z.coerce.number().int().positive(), gid: z.coerce.number().int().min(0) });

/** POST /kcluster/partition_quota and PATCH /kcluster/hpc/partition: a grant named by names. */
export const partitionQuotaInputSchema = z
  .object({
    cluster_name: schedulerNameSchema,
    partition_name: schedulerNameSchema,
    /** Null: every group. */
    group_name: z.string().min(1).max(64).nullable(),
    ...limitFields,
  })
  .partial({ max_cpus: true, max_time_minutes: true, cpu_seconds_limit: true, expires_at: true })
  .strict();
export type PartitionQuotaInput = z.infer<typeof partitionQuotaInputSchema>;
export const partitionQuotaDeleteInputSchema = z
  .object({ cluster_name: schedulerNameSchema, partition_name: schedulerNameSchema, group_name: z.string().min(1).max(64).nullable() })
  .strict();
export type PartitionQuotaDeleteInput = z.infer<typeof partitionQuotaDeleteInputSchema>;

/** POST/DELETE /kcluster/hpc/partitions/{a}/{b}: a = cluster name, b = partition name (as status/{a}/{b}). */
export const hpcPartitionParamsSchema = z.object({ a: schedulerNameSchema, b: schedulerNameSchema });
export const hpcGrantInputSchema = z
  .object({ group_id: z.number().int().min(0).nullable(), ...limitFields })
  .partial({ max_cpus: true, max_time_minutes: true, cpu_seconds_limit: true, expires_at: true })
  .strict();
export type HpcGrantInput = z.infer<typeof hpcGrantInputSchema>;
export const hpcRevokeQuerySchema = z.object({ group_id: z.coerce.number().int().min(0) });

// ---------------------------------------------------------------- user quotas

export const userQuotaSchema = z.object({
  id: z.number().int(),
  cluster_id: z.number().int(),
  cluster_name: z.string(),
  partition_id: z.number().int().nullable(),
  partition_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  /** False: the user may not use the partition although the group may. */
  allowed: z.boolean(),
  ...limitFields,
  ...usageFields,
  updated_at: z.string(),
});
export type UserQuota = z.infer<typeof userQuotaSchema>;

export const userQuotaInputSchema = quotaLimitsInputSchema
  .extend({ allowed: z.boolean().optional(), reset_usage: z.boolean().optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type UserQuotaInput = z.infer<typeof userQuotaInputSchema>;
export const userQuotaChangeSchema = z.object({ quota: userQuotaSchema, warnings: z.array(z.string()) });
export type UserQuotaChange = z.infer<typeof userQuotaChangeSchema>;

export const partitionUserParamsSchema = z.object({ id: z.coerce.number().int().positive(), user: z.string().min(1).max(64) });
export const userNameParamsSchema = z.object({ name: z.string().min(1).max(64) });
export const userQuotaListQuerySchema = groupQuotaListQuerySchema.extend({ field_lk_user_name: z.string().max(64).optional() });
export type UserQuotaListQuery = z.infer<typeof userQuotaListQuerySchema>;

// ---------------------------------------------------------------- availability

/** A partition someone may use, with the limits that apply to them (the tighter of grant and user quota). */
export const usablePartitionSchema = z.object({
  partition_id: z.number().int(),
  cluster_id: z.number().int(),
  cluster_name: z.string(),
  cluster_kind: z.enum(['hpc', 'k8s']),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  /** The partition's own limit from the scheduler. */
  partition_max_time_minutes: z.number().int().nullable(),
  grant_id: z.number().int(),
  /** Null: granted to every group. */
  granted_group: z.string().nullable(),
  max_cpus: z.number().int().nullable(),
  max_time_minutes: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  group_cpu_seconds_limit: z.number().int().nullable(),
  group_used_cpu_seconds: z.number(),
  user_cpu_seconds_limit: z.number().int().nullable(),
  user_used_cpu_seconds: z.number().nullable(),
  /** A CPU-time limit is reached: listed, but submitting is refused (1403). */
  over_limit: z.boolean(),
});
export type UsablePartition = z.infer<typeof usablePartitionSchema>;

export const userAvailabilitySchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  system_account: z.string().nullable(),
  partitions: z.array(usablePartitionSchema),
});
export type UserAvailability = z.infer<typeof userAvailabilitySchema>;

export const groupAvailabilitySchema = z.object({
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  partitions: z.array(usablePartitionSchema),
});
export type GroupAvailability = z.infer<typeof groupAvailabilitySchema>;

export const availabilityListQuerySchema = pageQuerySchema.extend({
  field_lk_user_name: z.string().max(64).optional(),
  field_eq_group_id: z.coerce.number().int().min(0).optional(),
});
export type AvailabilityListQuery = z.infer<typeof availabilityListQuerySchema>;

// ---------------------------------------------------------------- cluster quotas (HPC)

export const clusterQuotaSchema = z.object({
  id: z.number().int(),
  cluster_id: z.number().int(),
  cluster_name: z.string(),
  subject: z.enum(['user', 'group']),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  cpu_seconds_limit: limitFields.cpu_seconds_limit,
  max_cpus: limitFields.max_cpus,
  expires_at: limitFields.expires_at,
  ...usageFields,
  updated_at: z.string(),
});
export type ClusterQuota = z.infer<typeof clusterQuotaSchema>;

export const clusterQuotaInputSchema = z
  .object({
    cluster_name: schedulerNameSchema,
    user_name: z.string().min(1).max(64).optional(),
    group_name: z.string().min(1).max(64).optional(),
    cpu_seconds_limit: limitFields.cpu_seconds_limit.optional(),
    max_cpus: limitFields.max_cpus.optional(),
    expires_at: limitFields.expires_at.optional(),
  })
  .strict()
  .refine((v) => (v.user_name === undefined) !== (v.group_name === undefined), {
    message: 'name exactly one of user_name and group_name',
    path: ['user_name'],
  });
export type ClusterQuotaInput = z.infer<typeof clusterQuotaInputSchema>;

export const clusterQuotaPatchInputSchema = z
  .object({
    cpu_seconds_limit: limitFields.cpu_seconds_limit.optional(),
    max_cpus: limitFields.max_cpus.optional(),
    expires_at: limitFields.expires_at.optional(),
    reset_usage: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type ClusterQuotaPatchInput = z.infer<typeof clusterQuotaPatchInputSchema>;

export const clusterQuotaListQuerySchema = pageQuerySchema.extend({
  field_eq_cluster_name: z.string().max(64).optional(),
  field_lk_user_name: z.string().max(64).optional(),
});
export type ClusterQuotaListQuery = z.infer<typeof clusterQuotaListQuerySchema>;

/** GET /kcluster/hpc/cluster/allusers/{id}: who may use cluster {id}, with their cluster quota. */
export const clusterUserSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  group_name: z.string().nullable(),
  system_account: z.string().nullable(),
  partitions: z.array(z.string()),
  quota: clusterQuotaSchema.nullable(),
});
export type ClusterUser = z.infer<typeof clusterUserSchema>;

/** 核时 with two decimals from core-seconds (the input side of the web forms uses the same factor). */
export const coreSecondsPerHour = 3600;
