import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { permissionKeys } from './permissions';

/**
 * Application kinds (issue 11). Each is owned by a module whose service applies the grant when the
 * last node approves; a new kind is appended here and registered on the server's ApprovalKind
 * registry — nothing else changes.
 */
export const applicationKinds = ['partition_access', 'storage_quota', 'group_join', 'cpu_hours', 'app_publish', 'image_public'] as const;
export const applicationKindSchema = z.enum(applicationKinds);
export type ApplicationKind = z.infer<typeof applicationKindSchema>;

/** `renewed`: an approved application whose period a later approved renewal took over. */
export const applicationStates = ['pending', 'approved', 'rejected', 'withdrawn', 'expired', 'renewed'] as const;
export type ApplicationState = (typeof applicationStates)[number];

const name = z.string().trim().min(1).max(64);
const id = z.number().int().positive();

/** Who may decide a node: anyone matching one of these (the applicant never decides their own). */
export const approversSchema = z
  .object({
    perms: z.array(z.enum(permissionKeys)).max(10).default([]),
    role_ids: z.array(id).max(20).default([]),
    /** The administrators of the applicant's group. */
    group_admin: z.boolean().default(false),
    user_ids: z.array(id).max(50).default([]),
  })
  .strict();
export type Approvers = z.infer<typeof approversSchema>;

export const approvalNodeInputSchema = z
  .object({
    name,
    /** any: one approval passes the node; all: every approver resolved at decision time must approve. */
    mode: z.enum(['any', 'all']).default('any'),
    approvers: approversSchema,
  })
  .strict();
export type ApprovalNodeInput = z.infer<typeof approvalNodeInputSchema>;

export const approvalChainInputSchema = z
  .object({
    name,
    description: z.string().max(500).default(''),
    nodes: z.array(approvalNodeInputSchema).min(1).max(10),
  })
  .strict();
export type ApprovalChainInput = z.infer<typeof approvalChainInputSchema>;

export const approvalChainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  nodes: z.array(approvalNodeInputSchema.extend({ approvers: approversSchema })),
  kinds: z.array(applicationKindSchema),
  updated_at: z.string(),
});
export type ApprovalChain = z.infer<typeof approvalChainSchema>;

/** approval-root: every kind, the chain it uses, and what an application of it asks for. */
export const approvalRootSchema = z.object({
  kind: applicationKindSchema,
  chain_id: z.number().int().nullable(),
  chain_name: z.string().nullable(),
  periodic: z.boolean(),
});
export type ApprovalRoot = z.infer<typeof approvalRootSchema>;
export const approvalRootInputSchema = z.object({ chain_id: id.nullable() }).strict();
export const kindParamsSchema = z.object({ kind: applicationKindSchema });
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** What each kind asks for (validated by the kind's owner on the server too: names must exist). */
export const partitionAccessPayloadSchema = z
  .object({
    cluster_name: z.string().min(1).max(64),
    partition_name: z.string().min(1).max(64),
    max_cpus: z.number().int().positive().max(1_000_000).nullable().default(null),
  })
  .strict();
export const storageQuotaPayloadSchema = z
  .object({ cluster_name: z.string().min(1).max(64), storage_name: z.string().min(1).max(64), limit_bytes: z.number().int().positive() })
  .strict();
export const groupJoinPayloadSchema = z.object({ group_name: z.string().min(1).max(64) }).strict();
/** CPU hours for the applicant (the fees module's allocation, scope user); no cluster: every cluster. */
export const cpuHoursPayloadSchema = z
  .object({ cluster_name: z.string().min(1).max(64).nullable().default(null), cpu_hours: z.number().positive().max(100_000_000) })
  .strict();
/** Publishing one of the applicant's own apps (visibility public, the apps module). */
export const appPublishPayloadSchema = z.object({ app_name: z.string().min(1).max(64) }).strict();
/** Making one of the applicant's own hub repositories public (the images module). */
export const imagePublicPayloadSchema = z.object({ registry_id: z.number().int().positive(), name: z.string().min(1).max(255) }).strict();

export const applicationInputSchema = z
  .object({
    kind: applicationKindSchema,
    payload: z.record(z.string(), z.unknown()),
    /** Rich text; sanitised when stored. */
    reason: z.string().max(20_000).default(''),
    /** A grant for a period (periodic kinds only): removed by its owner at expiry. */
    period_days: z.number().int().min(1).max(3650).nullable().default(null),
    /** An approved application of the same kind this one renews (its period is extended on approval). */
    renews: id.nullable().default(null),
  })
  .strict();
export type ApplicationInput = z.infer<typeof applicationInputSchema>;

export const decisionInputSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    /** The node the approver saw; another (it moved on meanwhile) is 1409, so nobody decides a node unseen. */
    node: z.number().int().min(0),
    comment: z.string().max(20_000).default(''),
  })
  .strict()
  .refine((v) => v.decision !== 'reject' || v.comment.replace(/<[^>]*>/g, '').trim() !== '', { path: ['comment'], message: 'a rejection needs a reason' });
export type DecisionInput = z.infer<typeof decisionInputSchema>;

export const decisionSchema = z.object({
  node: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  decision: z.enum(['approve', 'reject']),
  /** Sanitised HTML. */
  comment: z.string(),
  created_at: z.string(),
});

export const applicationSchema = z.object({
  id: z.number().int(),
  kind: applicationKindSchema,
  state: z.enum(applicationStates),
  applicant_id: z.number().int(),
  applicant_name: z.string(),
  payload: z.record(z.string(), z.unknown()),
  reason: z.string(),
  nodes: z.array(approvalNodeInputSchema.extend({ approvers: approversSchema })),
  current_node: z.number().int(),
  period_days: z.number().int().nullable(),
  renews: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decisions: z.array(decisionSchema),
  /** Whether the caller may decide the current node now. */
  can_decide: z.boolean(),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationListQuerySchema = pageQuerySchema.extend({
  field_eq_state: z.enum(applicationStates).optional(),
  field_eq_kind: applicationKindSchema.optional(),
  field_lk_applicant: z.string().max(64).optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/** GET /apply/partitions: where "request access" is offered. */
export const requestablePartitionSchema = z.object({ cluster_name: z.string(), partition_name: z.string(), usable: z.boolean() });
export type RequestablePartition = z.infer<typeof requestablePartitionSchema>;
