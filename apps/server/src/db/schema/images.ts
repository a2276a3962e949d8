import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { labels } from './labels';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An OCI registry the console lists and (auth `console`) issues tokens for; `name` is the token `service`. */
export const imageRegistries = pgTable('image_registries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  url: text('url').notNull(),
  pullHost: text('pull_host').notNull(),
  auth: text('auth', { enum: ['console', 'none'] }).notNull().default('console'),
  gcIntervalHours: integer('gc_interval_hours').notNull().default(0),
  gcConfigPath: text('gc_config_path').notNull().default(''),
  lastGcAt: timestamp('last_gc_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** What the registry does not know about a repository: public or not, its README. Absent row = private, no README. */
export const imageRepositories = pgTable(
  'image_repositories',
  {
    id: serial('id').primaryKey(),
    registryId: integer('registry_id')
      .notNull()
      .references(() => imageRegistries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    public: boolean('public').notNull().default(false),
    readme: text('readme').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('image_repositories_name_key').on(t.registryId, t.name)],
);

/** Bytes a namespace may hold on a registry; `used_bytes` is recomputed from the blobs the registry stores. */
export const imageNamespaceQuotas = pgTable(
  'image_namespace_quotas',
  {
    id: serial('id').primaryKey(),
    registryId: integer('registry_id')
      .notNull()
      .references(() => imageRegistries.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull(),
    quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull().default(0),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    recomputedAt: timestamp('recomputed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('image_namespace_quotas_key').on(t.registryId, t.namespace)],
);

/** A per-user secret for `docker login` / skopeo (never the login password); only its SHA-256 is kept. */
export const imageCliSecrets = pgTable(
  'image_cli_secrets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('image_cli_secrets_user_idx').on(t.userId)],
);

/** Spec §7 `/label/relation/image`: a label on a repository. */
export const imageLabelRelations = pgTable(
  'image_label_relations',
  {
    id: serial('id').primaryKey(),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    registryId: integer('registry_id')
      .notNull()
      .references(() => imageRegistries.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('image_label_relations_key').on(t.labelId, t.registryId, t.image)],
);
