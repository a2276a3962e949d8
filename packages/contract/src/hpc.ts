import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/**
 * Clusters, partitions, availability and binding a system account (spec §3, §4, §5, §7 "Clusters
 * and partitions", §8). A cluster's secrets (the Slurm JWT key file, the SSH service key file) are
 * written by administrators and never read back: replies say only whether one is configured.
 */

export const clusterKinds = ['hpc', 'k8s'] as const;
export const clusterDrivers = ['local', 'slurm', 'k8s'] as const;
export type ClusterKind = (typeof clusterKinds)[number];
export type ClusterDriver = (typeof clusterDrivers)[number];

/** Cluster, partition and account names as the scheduler takes them (never an option or `..`). */
export const schedulerNameRegex = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;
export const schedulerNameSchema = z.string().regex(schedulerNameRegex, 'letters, digits, _ . - (not first), at most 64');
export const slurmOpenapiVersions = ['v0.0.38', 'v0.0.37', 'v0.0.36'] as const;

const absolutePath = z.string().min(1).max(4096).regex(/^\/[^\0]*$/, 'an absolute path on the server');

/** How the console reaches the login node over SSH (SFTP as the bound account): binding proof, job output. */
export const clusterSshSettingsSchema = z
  .object({
    host: z.string().min(1).max(253),
    port: z.number().int().min(1).max(65535).default(22),
    /** `SHA256:…` as `ssh-keygen -lf` prints it; any other host key ends the handshake. */
    host_key_sha256: z.string().regex(/^(SHA256:)?[A-Za-z0-9+/]{43}=?$/, 'an OpenSSH SHA256 host-key fingerprint'),
    /** The console's service private key, a file on the API server (secret: never sent back). */
    key_file: absolutePath,
    /**
     * The web shell's key, a file on the API server (secret). A separate key, so the SFTP key can stay
     * restricted to sftp-server in authorized_keys; without it no partition of the cluster offers a shell.
     */
    shell_key_file: absolutePath.optional(),
  })
  .strict();

/** The container engines a k8s cluster can stand on. */
export const containerEngines = ['podman', 'kubernetes'] as const;

/** A k8s cluster's console partition (a namespace): its limits and the launch parameters it offers. */
export const clusterNamespaceSettingsSchema = z
  .object({
    cpu_millicores: z.number().int().min(1).max(100_000_000).optional(),
    memory_mb: z.number().int().min(1).max(1_000_000_000).optional(),
    /** Served by GET /kcluster/k8s/partition/params/{cluster}/{partition}; absent: 12112. */
    params: z.record(z.string().min(1).max(128), z.unknown()).optional(),
  })
  .strict();

/** What an administrator writes. Unknown keys are refused so a typo is not silently ignored. */
export const clusterSettingsInputSchema = z
  .object({
    /** slurm: slurmrestd base URL. */
    rest_url: z.url({ protocol: /^https?$/ }).optional(),
    openapi_version: z.enum(slurmOpenapiVersions).optional(),
    /** slurm: the HS256 key file on the API server (secret: never sent back). */
    jwt_key_file: absolutePath.optional(),
    /** slurm: the operator account for group/all views and associations (default root). */
    admin_account: schedulerNameSchema.optional(),
    /** slurm: the Slurm account new bindings are associated with (default: the cluster's default account). */
    default_account: schedulerNameSchema.optional(),
    /** slurm: console group name → the Slurm account its members charge (a group allocation is written there too). */
    group_accounts: z.record(z.string().min(1).max(128), schedulerNameSchema).optional(),
    /** local: CPUs the embedded queue hands out (default: this host's). */
    cpu_slots: z.number().int().min(1).max(4096).optional(),
    /** local: the queue's maximum time limit, minutes. */
    max_time_limit_minutes: z.number().int().min(1).max(366 * 24 * 60).optional(),
    ssh: clusterSshSettingsSchema.optional(),
    /** k8s: the engine behind the container cluster. */
    engine: z.enum(containerEngines).optional(),
    /** k8s on podman: the libpod API's unix socket on the API server (`podman system service unix://…`). */
    engine_socket: absolutePath.optional(),
    /** k8s on kubernetes: the kubeconfig file on the API server (secret: never sent back). */
    kubeconfig_file: absolutePath.optional(),
    /** k8s: console partition (namespace) name → its limits and launch parameters. */
    namespaces: z.record(schedulerNameSchema, clusterNamespaceSettingsSchema).optional(),
  })
  .strict();
export type ClusterSettingsInput = z.infer<typeof clusterSettingsInputSchema>;

/** Settings as replies show them: secrets replaced by whether they are set. */
export const clusterSettingsSchema = z.object({
  rest_url: z.string().nullable(),
  openapi_version: z.string().nullable(),
  admin_account: z.string().nullable(),
  default_account: z.string().nullable(),
  group_accounts: z.record(z.string(), z.string()).optional(),
  cpu_slots: z.number().int().nullable(),
  max_time_limit_minutes: z.number().int().nullable(),
  jwt_key_configured: z.boolean(),
  ssh: z
    .object({
      host: z.string(),
      port: z.number().int(),
      host_key_sha256: z.string(),
      key_configured: z.boolean(),
      shell_key_configured: z.boolean().default(false),
    })
    .nullable(),
  engine: z.enum(containerEngines).nullable().optional(),
  engine_socket: z.string().nullable().optional(),
  kubeconfig_configured: z.boolean().optional(),
  namespaces: z.record(z.string(), clusterNamespaceSettingsSchema).optional(),
});
export type ClusterSettings = z.infer<typeof clusterSettingsSchema>;

export const clusterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(clusterKinds),
  driver: z.enum(clusterDrivers),
  enabled: z.boolean(),
  settings: clusterSettingsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cluster = z.infer<typeof clusterSchema>;

export const clusterCreateInputSchema = z
  .object({
    name: schedulerNameSchema,
    kind: z.enum(clusterKinds).default('hpc'),
    driver: z.enum(clusterDrivers),
    enabled: z.boolean().default(true),
    settings: clusterSettingsInputSchema.default({}),
  })
  .strict();
export type ClusterCreateInput = z.infer<typeof clusterCreateInputSchema>;

/**
 * Settings as an edit sends them: like clusterSettingsInputSchema, but the secrets (never shown to the
 * browser) may be left out to keep the stored ones; `null` removes one.
 */
export const clusterSettingsPatchSchema = clusterSettingsInputSchema.extend({
  jwt_key_file: absolutePath.nullable().optional(),
  kubeconfig_file: absolutePath.nullable().optional(),
  ssh: clusterSshSettingsSchema
    .extend({ key_file: absolutePath.optional(), shell_key_file: absolutePath.nullable().optional() })
    .strict()
    .nullable()
    .optional(),
});
export type ClusterSettingsPatch = z.infer<typeof clusterSettingsPatchSchema>;

/** `settings` replaces the stored settings whole, except secrets left out, which are kept. */
export const clusterPatchInputSchema = z
  .object({ enabled: z.boolean().optional(), settings: clusterSettingsPatchSchema.optional() })
  .strict();
export type ClusterPatchInput = z.infer<typeof clusterPatchInputSchema>;

export const clusterListQuerySchema = pageQuerySchema.extend({
  field_eq_kind: z.enum(clusterKinds).optional(),
  field_lk_name: z.string().max(64).optional(),
});
export type ClusterListQuery = z.infer<typeof clusterListQuerySchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Spec §5: partitions of this type, or of this init type, are left out of user lists. */
export const privatePartitionType = 'private_partition';
export const privateInitType = 'private';
export const isPrivatePartition = (p: { partition_type: string; init_type: string }): boolean =>
  p.partition_type === privatePartitionType || p.init_type === privateInitType;

/** A partition: discovered from the scheduler, described by administrators. */
export const partitionSchema = z.object({
  id: z.number().int(),
  cluster_id: z.number().int(),
  cluster_name: z.string(),
  name: z.string(),
  description: z.string(),
  partition_type: z.string(),
  init_type: z.string(),
  /** Present in the scheduler at the last look; false: described here but gone from the cluster. */
  discovered: z.boolean(),
  state: z.string().nullable(),
  total_cpus: z.number().int().nullable(),
  total_nodes: z.number().int().nullable(),
  /** Null: unlimited (or not known). */
  max_time_minutes: z.number().int().nullable(),
  is_default: z.boolean(),
});
export type Partition = z.infer<typeof partitionSchema>;

const describedText = z.string().max(2000);
const typeText = z.string().max(64);

export const partitionCreateInputSchema = z
  .object({
    cluster_id: z.number().int().positive(),
    name: schedulerNameSchema,
    description: describedText.default(''),
    partition_type: typeText.default(''),
    init_type: typeText.default(''),
  })
  .strict();
export type PartitionCreateInput = z.infer<typeof partitionCreateInputSchema>;

export const partitionPatchInputSchema = z
  .object({ description: describedText.optional(), partition_type: typeText.optional(), init_type: typeText.optional() })
  .strict();
export type PartitionPatchInput = z.infer<typeof partitionPatchInputSchema>;

export const partitionListQuerySchema = pageQuerySchema.extend({
  field_eq_cluster_name: z.string().max(64).optional(),
  field_lk_name: z.string().max(64).optional(),
});
export type PartitionListQuery = z.infer<typeof partitionListQuerySchema>;

/** GET /kcluster/hpc/partition/status/{cluster}/{partition}: live from the scheduler. */
export const partitionStatusParamsSchema = z.object({ a: schedulerNameSchema, b: schedulerNameSchema });
export const partitionStatusSchema = z.object({
  cluster_name: z.string(),
  partition: z.string(),
  state: z.string(),
  total_cpus: z.number().int(),
  total_nodes: z.number().int(),
  alloc_cpus: z.number().int(),
  max_time_minutes: z.number().int().nullable(),
  nodes: z.array(z.object({ name: z.string(), state: z.string(), cpus_total: z.number().int(), cpus_alloc: z.number().int() })),
});
export type PartitionStatus = z.infer<typeof partitionStatusSchema>;

export const availableClusterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(clusterKinds),
  driver: z.enum(clusterDrivers),
});
export type AvailableCluster = z.infer<typeof availableClusterSchema>;

export const availablePartitionSchema = partitionSchema.pick({
  id: true,
  cluster_id: true,
  cluster_name: true,
  name: true,
  description: true,
  partition_type: true,
  init_type: true,
  max_time_minutes: true,
  is_default: true,
});
export type AvailablePartition = z.infer<typeof availablePartitionSchema>;

export const availablePartitionsQuerySchema = z.object({ user_name: z.string().max(64).optional() });

// ---------------------------------------------------------------- binding (spec §4, §5, §8)

/** The socket's reply texts (spec §8): the browser shows an error when a reply contains either failure text. */
export const bindReplies = {
  uuidExists: 'uuid already exists',
  usernameRequired: 'username must be provided',
  bound: 'bound successfully, please log in again',
} as const;
/** Shown by the browser itself (spec §8). */
export const bindClientTexts = {
  connectFailed: 'failed to connect to server, please refresh manually',
  interrupted: 'connection interrupted, please refresh manually',
} as const;

export function isBindFailure(reply: string): boolean {
  return reply.includes(bindReplies.uuidExists) || reply.includes(bindReplies.usernameRequired);
}

/** The file in the account's home that proves control on a cluster with an SSH login node. */
export const bindProofFile = '.starlight-bind';

export const userUuidSchema = z.object({ uuid: z.string(), expires_at: z.string(), proof_file: z.string() });
export type UserUuid = z.infer<typeof userUuidSchema>;

/** `name:uuid` as the browser sends it; the name is split off at the last colon. */
export function parseBindMessage(text: string): { name: string; uuid: string } {
  const at = text.lastIndexOf(':');
  if (at < 0) return { name: '', uuid: text.trim() };
  return { name: text.slice(0, at).trim(), uuid: text.slice(at + 1).trim() };
}

export const unbindInputSchema = z.object({ user_name: z.string().min(1).max(64) }).strict();
export type UnbindInput = z.infer<typeof unbindInputSchema>;

export const bindingSchema = z.object({ user_name: z.string(), system_account: z.string().nullable() });
export type Binding = z.infer<typeof bindingSchema>;
