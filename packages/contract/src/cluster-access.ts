import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { schedulerNameSchema } from './hpc';

/**
 * Who may reach a cluster and how (spec §3 "Webssh setting per partition", "Network policy: cluster,
 * user, forkFrom"; §7 /kcluster/partition_webssh, /kcluster/network-policy, /kcluster/k8s/*), and the
 * live views administrators use on /cluster-partition/platform and /k-node.
 */

// ---------------------------------------------------------------- live cluster state

/** A node as the cluster's scheduler (or, later, Kubernetes) reports it. */
export const clusterNodeSchema = z.object({
  name: z.string(),
  /** Lower-case base state: idle, mixed, allocated, down, drained, … */
  state: z.string(),
  state_flags: z.array(z.string()),
  /** Up and taking work: not down, drained, draining or failing to respond. */
  ready: z.boolean(),
  cpus_total: z.number().int(),
  cpus_alloc: z.number().int(),
  memory_total_mb: z.number().int(),
  memory_alloc_mb: z.number().int().nullable(),
  partitions: z.array(z.string()),
});
export type ClusterNode = z.infer<typeof clusterNodeSchema>;

/** GET /kcluster/cluster/{id}/status: never an error for a scheduler that is down; it says so. */
export const clusterStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** up: the scheduler answered; down: it did not (message says why); unsupported: no driver yet (k8s). */
  state: z.enum(['up', 'down', 'unsupported']),
  message: z.string().nullable(),
  partitions: z.number().int(),
  nodes_total: z.number().int(),
  nodes_ready: z.number().int(),
  cpus_total: z.number().int(),
  cpus_alloc: z.number().int(),
});
export type ClusterStatus = z.infer<typeof clusterStatusSchema>;

/** The k8s calls' path parameters: {a} a cluster name, {b} a partition (namespace) name. */
export const clusterPartitionParamsSchema = z.object({ a: schedulerNameSchema, b: schedulerNameSchema });

// ---------------------------------------------------------------- network policy

/** An IPv4 or IPv6 network in CIDR notation (a single host is /32 or /128). */
export const cidrSchema = z.union([z.cidrv4(), z.cidrv6()], { error: 'a network in CIDR notation, e.g. 10.0.0.0/8' });

/**
 * POST /kcluster/network-policy: which user may reach which cluster's network. `forkFrom` names another
 * user whose policy on the same cluster is copied; then `allowed_sources` must be left out.
 */
export const networkPolicyCreateInputSchema = z
  .object({
    cluster: schedulerNameSchema,
    user: z.string().min(1).max(64),
    forkFrom: z.string().min(1).max(64).optional(),
    /** Networks the user's web shell sessions may come from; empty: none (the shell is blocked). */
    allowed_sources: z.array(cidrSchema).max(64).optional(),
    description: z.string().max(500).default(''),
  })
  .strict()
  .refine((p) => p.forkFrom === undefined || p.allowed_sources === undefined, {
    path: ['allowed_sources'],
    message: 'leave out when forking: the networks come from forkFrom',
  })
  .refine((p) => p.forkFrom === undefined || p.forkFrom !== p.user, { path: ['forkFrom'], message: 'a policy cannot fork itself' });
export type NetworkPolicyCreateInput = z.infer<typeof networkPolicyCreateInputSchema>;

export const networkPolicySchema = z.object({
  id: z.number().int(),
  cluster: z.string(),
  cluster_kind: z.enum(['hpc', 'k8s']),
  user: z.string(),
  fork_from: z.string().nullable(),
  allowed_sources: z.array(z.string()),
  description: z.string(),
  created_at: z.string(),
});
export type NetworkPolicy = z.infer<typeof networkPolicySchema>;

export const networkPolicyListQuerySchema = pageQuerySchema.extend({
  field_eq_cluster: z.string().max(64).optional(),
  field_eq_user: z.string().max(64).optional(),
});

// ---------------------------------------------------------------- web shell

export const webSshLimits = {
  idleMinSeconds: 30,
  idleMaxSeconds: 24 * 3600,
  durationMinSeconds: 60,
  durationMaxSeconds: 7 * 24 * 3600,
  defaultIdleSeconds: 900,
  defaultDurationSeconds: 4 * 3600,
} as const;

const fingerprint = z.string().regex(/^(SHA256:)?[A-Za-z0-9+/]{43}=?$/, 'an OpenSSH SHA256 host-key fingerprint');

/**
 * PATCH /kcluster/partition_webssh: the web shell of one partition. host/port/host_key_sha256 name the
 * login node; left out, the cluster's SSH login node (settings.ssh) is used.
 */
export const partitionWebSshInputSchema = z
  .object({
    partition_id: z.number().int().positive(),
    enabled: z.boolean(),
    host: z.string().min(1).max(253).regex(/^[A-Za-z0-9.:[\]-]+$/, 'a host name or address').nullable().optional(),
    port: z.number().int().min(1).max(65535).nullable().optional(),
    host_key_sha256: fingerprint.nullable().optional(),
    idle_timeout_seconds: z.number().int().min(webSshLimits.idleMinSeconds).max(webSshLimits.idleMaxSeconds).default(webSshLimits.defaultIdleSeconds),
    max_duration_seconds: z
      .number()
      .int()
      .min(webSshLimits.durationMinSeconds)
      .max(webSshLimits.durationMaxSeconds)
      .default(webSshLimits.defaultDurationSeconds),
  })
  .strict()
  .refine((s) => !s.host || !!s.host_key_sha256, { path: ['host_key_sha256'], message: 'required with a host: the login node is pinned by its host key' });
export type PartitionWebSshInput = z.infer<typeof partitionWebSshInputSchema>;

export const partitionWebSshSchema = z.object({
  partition_id: z.number().int(),
  cluster_name: z.string(),
  partition: z.string(),
  enabled: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  host_key_sha256: z.string().nullable(),
  idle_timeout_seconds: z.number().int(),
  max_duration_seconds: z.number().int(),
  updated_at: z.string(),
});
export type PartitionWebSsh = z.infer<typeof partitionWebSshSchema>;

export const partitionWebSshQuerySchema = pageQuerySchema.extend({
  field_eq_cluster_name: z.string().max(64).optional(),
  field_eq_partition: z.string().max(64).optional(),
});
export const partitionWebSshDeleteQuerySchema = z.object({ partition_id: z.coerce.number().int().positive() });

/** The shell socket's query (besides `token`). */
export const webSshOpenQuerySchema = z.object({
  cluster: schedulerNameSchema,
  partition: schedulerNameSchema,
  cols: z.coerce.number().int().min(10).max(500).default(80),
  rows: z.coerce.number().int().min(5).max(300).default(24),
  token: z.string().optional(),
});

/** Browser → server text frames (keystrokes go as `input`, at most `webSshMaxInput` characters each). */
export const webSshClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), data: z.string().max(2048) }),
  z.object({ type: z.literal('resize'), cols: z.number().int().min(10).max(500), rows: z.number().int().min(5).max(300) }),
]);
export type WebSshClientFrame = z.infer<typeof webSshClientFrameSchema>;
export const webSshMaxInput = 1024;

/** Server → browser: terminal output travels as binary frames; these are the text frames. */
export const webSshCloseReasons = ['idle', 'max_duration', 'ended', 'error', 'refused'] as const;
export type WebSshCloseReason = (typeof webSshCloseReasons)[number];
export const webSshServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), account: z.string(), host: z.string(), idle_timeout_seconds: z.number(), max_duration_seconds: z.number() }),
  z.object({ type: z.literal('closed'), reason: z.enum(webSshCloseReasons), message: z.string() }),
]);
export type WebSshServerFrame = z.infer<typeof webSshServerFrameSchema>;
