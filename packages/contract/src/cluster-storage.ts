import { z } from 'zod';
import { resourceNameSchema } from './validators';
import { schedulerNameSchema } from './hpc';

/**
 * Storages per cluster (spec §2 partition-storages, fs, user-storage-quota; §3 cluster storage record,
 * Storage, storage quotas, Filesystem, Partition-to-storage relation; §5 a storage is offered for a
 * cluster only if present in every partition of that cluster; §7 Storage and /kcluster/partStoRel,
 * /kcluster/filesystems).
 */

export const storageDriverKinds = ['local', 'ssh'] as const;
export type StorageDriverKind = (typeof storageDriverKinds)[number];

/** `{account}` is replaced by the bound system account; `/home/{account}`, `/public/home/{account}`. */
export const rootTemplateRegex = /^\/(?:[A-Za-z0-9_.{}-]+\/?)*$/;
export const rootTemplateSchema = z
  .string()
  .max(255)
  .regex(rootTemplateRegex, 'an absolute path of letters, digits, _ . - /, with {account}')
  .refine((t) => t.split('{account}').length === 2 && !/[{}]/.test(t.replace('{account}', '')), 'holds {account} exactly once')
  .refine((t) => !t.split('/').some((s) => s === '..' || s === '.'), 'no . or .. segments')
  // a whole segment: with /home/{account}-x next to /home/{account}, account a_b_c-x would reach a_b_c's files
  .refine((t) => /(^|\/)\{account\}(\/|$)/.test(t), '{account} must be a whole path segment');

export const storageNameSchema = resourceNameSchema;

/** A storage (Filesystem) of a cluster. */
export const filesystemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cluster_name: z.string(),
  driver: z.enum(storageDriverKinds),
  root: z.string(),
  description: z.string(),
  /** Partitions of the cluster related to this storage (partStoRel). */
  partitions: z.array(z.string()),
  /** Offered for the cluster (§5): related to every partition of it. */
  offered: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Filesystem = z.infer<typeof filesystemSchema>;

export const filesystemQuerySchema = z.object({ cluster_name: schedulerNameSchema.optional() });
export const filesystemInputSchema = z
  .object({
    name: storageNameSchema,
    cluster_name: schedulerNameSchema,
    driver: z.enum(storageDriverKinds),
    root: rootTemplateSchema,
    description: z.string().max(500).default(''),
  })
  .strict();
export type FilesystemInput = z.infer<typeof filesystemInputSchema>;
export const filesystemPatchSchema = z
  .object({ root: rootTemplateSchema.optional(), description: z.string().max(500).optional() })
  .strict();
export type FilesystemPatch = z.infer<typeof filesystemPatchSchema>;
export const filesystemParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

/** §3 cluster storage record: the partition-to-storage relation. */
export const partStoRelSchema = z.object({
  cluster_name: z.string(),
  partition_name: z.string(),
  storage_name: z.string(),
});
export type PartStoRel = z.infer<typeof partStoRelSchema>;
export const partStoRelQuerySchema = z.object({
  cluster_name: schedulerNameSchema.optional(),
  partition_name: schedulerNameSchema.optional(),
  storage_name: storageNameSchema.optional(),
});
export const partStoRelInputSchema = z
  .object({ cluster_name: schedulerNameSchema, partition_name: schedulerNameSchema, storage_name: storageNameSchema })
  .strict();
export type PartStoRelInput = z.infer<typeof partStoRelInputSchema>;
/** DELETE takes the same three fields as query parameters. */
export const partStoRelDeleteQuerySchema = z.object({
  cluster_name: schedulerNameSchema,
  partition_name: schedulerNameSchema,
  storage_name: storageNameSchema,
});

/** Which storage a file call acts on (query parameters of every /storage file call); absent: the default. */
export const storageTargetQuerySchema = z.object({
  cluster: schedulerNameSchema.optional(),
  storage: storageNameSchema.optional(),
});
export type StorageTarget = z.infer<typeof storageTargetQuerySchema>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The caller's storage list for a cluster (§5 rule), with StorageName; verbose adds root, quota and usage. */
export const storageSpecQuerySchema = z.object({ cluster: schedulerNameSchema.optional(), verbose: flag.default(false) });
export const storageSpecItemSchema = z.object({
  StorageName: z.string(),
  cluster_name: z.string(),
  driver: z.enum(storageDriverKinds),
  description: z.string(),
  /** The storage file calls use when none is named. */
  default: z.boolean(),
  /** verbose only: the caller's root on it, quota and usage. */
  path: z.string().nullable(),
  limit_bytes: z.number().nullable(),
  used_bytes: z.number().nullable(),
  expires_at: z.string().nullable(),
});
export type StorageSpecItem = z.infer<typeof storageSpecItemSchema>;

export const quotaScopes = ['user', 'group'] as const;
/** One storage quota (per user or per group, per storage). Sizes in bytes; `*_display` with display=processed. */
export const storageQuotaSchema = z.object({
  scope: z.enum(quotaScopes),
  cluster_name: z.string(),
  storage_name: z.string(),
  user_name: z.string().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  /** null: no limit set. */
  limit_bytes: z.number().nullable(),
  /** null: not measured (unbound user, storage unreachable). */
  used_bytes: z.number().nullable(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  limit_display: z.string().nullable(),
  used_display: z.string().nullable(),
});
export type StorageQuota = z.infer<typeof storageQuotaSchema>;

export const quotaListQuerySchema = z.object({
  display: z.enum(['processed', 'raw']).default('raw'),
  cluster: schedulerNameSchema.optional(),
  storage: storageNameSchema.optional(),
  field_lk_name: z.string().max(64).optional(),
});
export type QuotaListQuery = z.infer<typeof quotaListQuerySchema>;

/** Largest limit accepted: 1 EiB. */
export const maxQuotaBytes = 2 ** 60;
const limitBytes = z.number().int().min(0).max(maxQuotaBytes).nullable();
const expiresAt = z.iso.datetime({ offset: true }).nullable();

export const userQuotaPatchSchema = z
  .object({
    user_name: z.string().min(1).max(64),
    cluster: schedulerNameSchema,
    storage: storageNameSchema,
    /** null removes the limit. */
    limit_bytes: limitBytes,
    expires_at: expiresAt.optional(),
  })
  .strict();
export type UserQuotaPatch = z.infer<typeof userQuotaPatchSchema>;

export const groupQuotaPatchSchema = z
  .object({
    group_id: z.number().int().min(1),
    cluster: schedulerNameSchema,
    storage: storageNameSchema,
    limit_bytes: limitBytes,
    expires_at: expiresAt.optional(),
  })
  .strict();
export type GroupQuotaPatch = z.infer<typeof groupQuotaPatchSchema>;

export const groupExpirePatchSchema = z
  .object({ group_id: z.number().int().min(1), cluster: schedulerNameSchema, storage: storageNameSchema, expires_at: expiresAt })
  .strict();
export type GroupExpirePatch = z.infer<typeof groupExpirePatchSchema>;

/** GET /storage/hpc/storage/group: the groups the caller may see, with their storage quotas. */
export const groupStorageSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  members: z.number().int(),
  quotas: z.array(storageQuotaSchema),
});
export type GroupStorage = z.infer<typeof groupStorageSchema>;
export const groupStorageDetailSchema = groupStorageSchema.extend({ users: z.array(storageQuotaSchema) });
export type GroupStorageDetail = z.infer<typeof groupStorageDetailSchema>;
export const groupParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

/** Spec §8 code for a write that would exceed a quota: 1409 with this reason in spec. */
export const quotaExceededReason = 'storage-quota-exceeded';
export const quotaExpiredReason = 'storage-quota-expired';
