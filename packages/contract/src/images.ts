import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { reservedNamespaces } from './validators';

/**
 * The image hub (spec §1, §2 /image-center and /dchub): repositories on OCI registries, the console
 * being each registry's token server. Names follow the distribution reference grammar exactly, so
 * a name the registry would refuse is refused here first (1400 naming the field).
 */
const pathComponent = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
export const repositoryNamePattern = new RegExp(`^${pathComponent}(?:/${pathComponent})*$`);
export const tagPattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
export const digestPattern = /^sha256:[a-f0-9]{64}$/;
/** The namespace every signed-in user may pull from and platform administrators push to (reserved: no user or group takes it). */
export const libraryNamespace = 'library';
export { reservedNamespaces };

export const repositoryName = z
  .string()
  .max(255, 'at most 255 characters')
  .regex(repositoryNamePattern, 'lower-case letters and digits, separated by ".", "_", "__", "-" or "/"');
export const tagName = z.string().regex(tagPattern, 'a letter, digit or "_", then up to 127 letters, digits, "_", "." or "-"');

/** The namespace of a repository: its first path component (`library` for a one-component name). */
export function namespaceOf(repository: string): string {
  const slash = repository.indexOf('/');
  return slash < 0 ? libraryNamespace : repository.slice(0, slash);
}

export const registryIdSchema = z.coerce.number().int().min(1);

export const registrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  pull_host: z.string(),
  /** `console`: the registry trusts this console's tokens; `none`: an open registry (development only). */
  auth: z.enum(['console', 'none']),
  gc_interval_hours: z.number().int(),
  gc_config_path: z.string(),
  last_gc_at: z.string().nullable(),
  created_at: z.string(),
});
export type Registry = z.infer<typeof registrySchema>;

const registryName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,62}$/, 'a letter, then up to 62 letters, digits, "_", "." or "-"');
const httpUrl = z
  .string()
  .max(500)
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'an http:// or https:// address');
const hostPort = z.string().regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$/, 'host or host:port');

const registryFields = {
  name: registryName,
  url: httpUrl,
  pull_host: hostPort,
  auth: z.enum(['console', 'none']),
  gc_interval_hours: z.number().int().min(0).max(24 * 365),
  gc_config_path: z.string().max(1000),
};
export const registryCreateSchema = z.object({
  ...registryFields,
  auth: registryFields.auth.default('console'),
  gc_interval_hours: registryFields.gc_interval_hours.default(0),
  gc_config_path: registryFields.gc_config_path.default(''),
});
/** No defaults here: a PATCH changes only the fields it names (a `.partial()` of the create schema would reset the others to their defaults). */
export const registryPatchSchema = z.object(registryFields).partial();
export const idParamsSchema = z.object({ id: registryIdSchema });

export const platformSchema = z.object({ os: z.string(), architecture: z.string(), variant: z.string().optional() });
export type Platform = z.infer<typeof platformSchema>;

export const repositorySchema = z.object({
  registry_id: z.number().int(),
  name: z.string(),
  namespace: z.string(),
  public: z.boolean(),
  pull: z.string(),
  labels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the caller may do here (the web hides buttons it may not use; the server checks again). */
  can_push: z.boolean(),
  can_delete: z.boolean(),
  readme: z.string(),
});
export type Repository = z.infer<typeof repositorySchema>;

export const repositoryListQuerySchema = pageQuerySchema.extend({
  registry_id: registryIdSchema.optional(),
  field_lk_name: z.string().max(255).optional(),
  label_id: z.coerce.number().int().min(1).optional(),
});

export const repositoryRefQuerySchema = z.object({ registry_id: registryIdSchema, name: repositoryName });

export const tagSchema = z.object({
  name: z.string(),
  digest: z.string(),
  media_type: z.string(),
  size: z.number().int(),
  platforms: z.array(platformSchema),
  created: z.string().nullable(),
  pull: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const layerQuerySchema = repositoryRefQuerySchema.extend({ tag: tagName, platform: z.string().max(100).optional() });
export const layerSchema = z.object({
  digest: z.string().nullable(),
  size: z.number().int().nullable(),
  created_by: z.string(),
  created: z.string().nullable(),
  empty: z.boolean(),
});
export type Layer = z.infer<typeof layerSchema>;

export const repositoryPatchSchema = z.object({
  registry_id: z.number().int().min(1),
  name: repositoryName,
  public: z.boolean().optional(),
  readme: z.string().max(65_536).optional(),
});
export const tagDeleteSchema = z.object({ registry_id: z.number().int().min(1), name: repositoryName, tag: tagName });

export const cliSecretSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked: z.boolean(),
});
export type CliSecret = z.infer<typeof cliSecretSchema>;
export const cliSecretCreateSchema = z.object({
  name: z.string().regex(/^[^\s\p{Cc}](?:[^\p{Cc}]{0,62}[^\s\p{Cc}])?$/u, '1 to 64 characters, no control characters'),
  expires_in_days: z.number().int().min(1).max(366),
});
/** The secret itself is in the reply once and never again. */
export const cliSecretCreatedSchema = cliSecretSchema.extend({ secret: z.string(), user_name: z.string() });
export const cliSecretListQuerySchema = pageQuerySchema.extend({ field_eq_user_name: z.string().max(60).optional() });
export const secretIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

export const quotaSchema = z.object({
  registry_id: z.number().int(),
  namespace: z.string(),
  quota_bytes: z.number().int(),
  used_bytes: z.number().int(),
  recomputed_at: z.string().nullable(),
});
export type NamespaceQuota = z.infer<typeof quotaSchema>;
export const quotaSetSchema = z.object({
  registry_id: z.number().int().min(1),
  namespace: z.string().regex(new RegExp(`^${pathComponent}$`), 'one path component'),
  quota_bytes: z.number().int().min(0),
});
export const quotaListQuerySchema = pageQuerySchema.extend({ registry_id: registryIdSchema.optional() });

/** A user's own namespace as the registries hold it now (summed over registries), and their live CLI secrets. */
export const userUsageSchema = z.object({ user_name: z.string(), used_bytes: z.number().int(), repositories: z.number().int(), tags: z.number().int(), secrets: z.number().int() });
export type UserUsage = z.infer<typeof userUsageSchema>;
export const gcResultSchema = z.object({ ran: z.boolean(), output: z.string(), quotas: z.array(quotaSchema) });

/** Spec §7 label relations on images: a label attached to a repository (by registry and name). */
export const imageLabelRelationSchema = z.object({
  id: z.number().int(),
  label_id: z.number().int(),
  label_name: z.string(),
  registry_id: z.number().int(),
  image: z.string(),
});
export const imageLabelRelationQuerySchema = pageQuerySchema.extend({
  label_id: z.coerce.number().int().min(1).optional(),
  registry_id: registryIdSchema.optional(),
  image: z.string().max(255).optional(),
});
export const imageLabelRelationBodySchema = z.object({ label_id: z.number().int().min(1), registry_id: z.number().int().min(1), image: repositoryName });
export const proxyAvailableSchema = z.object({ address: z.string().min(1).max(500) });
export const proxyAvailableResultSchema = z.object({ available: z.boolean(), status: z.number().int().nullable(), ms: z.number().int() });

/**
 * `GET /label/app/image/{id}`: an image an app's DockerRequirement names. For images of this console's hub that the
 * caller may pull: the registry, repository, tag, the digest the tag names now and the image's labels; other
 * references (another registry, or a hub image the caller may not pull) come back as written, `available: false`.
 */
export const appImageSchema = z.object({
  reference: z.string(),
  registry_id: z.number().int().nullable(),
  repository: z.string().nullable(),
  tag: z.string().nullable(),
  digest: z.string().nullable(),
  available: z.boolean(),
  labels: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AppImage = z.infer<typeof appImageSchema>;
