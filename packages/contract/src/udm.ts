import { z } from 'zod';

/**
 * User data management (spec §2 /udm): datasets (named, labelled sets of paths in the user's storage,
 * shared read-only with the owner's group or by an expiring link) and data sources (external stores a
 * transfer copies from into the user's storage, with rclone, as the bound account).
 */
export const dataSourceKinds = ['sftp', 'webdav', 's3'] as const;
export type DataSourceKind = (typeof dataSourceKinds)[number];
export const transferStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TransferState = (typeof transferStates)[number];

const name = z.string().trim().min(1, 'required').max(64, 'at most 64 characters');
/** A path inside the home: relative, no `..`, no control characters. */
const homePath = z
  .string()
  .max(1024)
  .regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^\p{Cc}]*$/u, 'a path inside your home (relative, no "..")');
const host = z.string().trim().min(1, 'required').max(253).regex(/^[A-Za-z0-9.:[\]-]+$/, 'a host name or address');

export const datasetSchema = z.object({
  id: z.number().int(),
  owner: z.string(),
  name: z.string(),
  description: z.string(),
  labels: z.array(z.string()),
  paths: z.array(z.string()),
  shared_with_group: z.boolean(),
  share_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dataset = z.infer<typeof datasetSchema>;
export const datasetCreateSchema = z
  .object({
    name,
    description: z.string().max(2000).default(''),
    labels: z.array(z.string().trim().min(1).max(32)).max(20).default([]),
    paths: z.array(homePath.min(1, 'required')).min(1, 'at least one path').max(100),
    shared_with_group: z.boolean().default(false),
  })
  .strict();
export type DatasetCreate = z.infer<typeof datasetCreateSchema>;
export const datasetPatchSchema = datasetCreateSchema.partial().strict();
export type DatasetPatch = z.infer<typeof datasetPatchSchema>;
/** An expiring read-only link: 1 hour to 30 days; the token is shown once. */
export const datasetShareSchema = z.object({ hours: z.number().int().min(1).max(720) }).strict();
export const datasetLinkSchema = z.object({ token: z.string(), expires_at: z.string() });

export const dataSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(dataSourceKinds),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  /** Whether a password or key is stored (it is never answered). */
  has_secret: z.boolean(),
  remote_path: z.string(),
  target_path: z.string(),
  bandwidth_limit: z.string(),
  created_at: z.string(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;
export const dataSourceCreateSchema = z
  .object({
    name,
    kind: z.enum(dataSourceKinds),
    host,
    port: z.number().int().min(1).max(65535),
    username: z.string().max(128).default(''),
    /** A password, an OpenSSH/PEM private key (SFTP), or `access_key:secret_key` (S3). Write-only. */
    secret: z.string().max(16384).default(''),
    remote_path: z.string().max(1024).regex(/^[^\p{Cc}]*$/u, 'no control characters').default(''),
    target_path: homePath.min(1, 'required'),
    /** rclone's --bwlimit (e.g. `10M`); empty for none. */
    bandwidth_limit: z.string().regex(/^(?:|\d{1,6}[KMG]?)$/, 'a number with K, M or G, e.g. 10M').default(''),
  })
  .strict();
export type DataSourceCreate = z.infer<typeof dataSourceCreateSchema>;

export const checksumEntrySchema = z.object({ path: z.string(), size: z.number(), sha1: z.string(), match: z.boolean() });
export const transferSchema = z.object({
  id: z.number().int(),
  source_id: z.number().int(),
  source_name: z.string(),
  state: z.enum(transferStates),
  bytes_done: z.number(),
  bytes_total: z.number(),
  /** Bytes per second, the last measurement. */
  speed: z.number(),
  attempts: z.number().int(),
  error: z.string(),
  log: z.string(),
  checksums: z.array(checksumEntrySchema),
  checksum_ok: z.boolean().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const udmIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const allowedHostSchema = z.object({ host: z.string(), note: z.string(), created_at: z.string() });
export const allowedHostInputSchema = z.object({ host: z.string().trim().min(1).max(260).regex(/^[A-Za-z0-9.:[\]-]+$/, 'host or host:port'), note: z.string().max(200).default('') }).strict();
export const udmDeletedSchema = z.object({ deleted: z.number().int() });
