import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { labels } from './labels';

/** An application of the catalogue (spec §1, §2 /app): a CWL document with immutable versions. */
export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    /** user | group | platform */
    ownerKind: text('owner_kind').notNull(),
    /** The owning user (user), the user whose group owns it (group); null for platform apps. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** private | group | public */
    visibility: text('visibility').notNull(),
    cwlClass: text('cwl_class').notNull(),
    latestVersion: integer('latest_version').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('apps_name_key').on(t.name), index('apps_owner_idx').on(t.ownerUserId)],
);

/** One saved version: the text exactly as written (export gives it back byte for byte) and what was parsed from it. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    mainFile: text('main_file').notNull(),
    cwlText: text('cwl_text').notNull(),
    /** Other files of the same upload: name → text. */
    files: jsonb('files').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    parsed: jsonb('parsed').$type<Record<string, unknown>>().notNull(),
    cwlClass: text('cwl_class').notNull(),
    inputs: jsonb('inputs').$type<unknown[]>().notNull(),
    outputs: jsonb('outputs').$type<unknown[]>().notNull(),
    resources: jsonb('resources').$type<{ cores?: number; ram_mb?: number }>().notNull(),
    /** Catalogue apps its steps run, pinned at save: [{ name, version }]. */
    uses: jsonb('uses').$type<{ name: string; version: number }[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_versions_app_version_key').on(t.appId, t.version)],
);

/** Label relations of apps (spec §7 /label/relation/app). */
export const appLabels = pgTable(
  'app_labels',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.labelId] }), index('app_labels_label_idx').on(t.labelId)],
);

/** Per cluster/partition defaults and limits for app resources (/app/app-params). */
export const appParams = pgTable(
  'app_params',
  {
    id: serial('id').primaryKey(),
    cluster: text('cluster').notNull(),
    partition: text('partition').notNull(),
    defaultCpus: integer('default_cpus'),
    maxCpus: integer('max_cpus'),
    defaultMemoryMb: integer('default_memory_mb'),
    maxMemoryMb: integer('max_memory_mb'),
    defaultTimeMinutes: integer('default_time_minutes'),
    maxTimeMinutes: integer('max_time_minutes'),
  },
  (t) => [uniqueIndex('app_params_cluster_partition_key').on(t.cluster, t.partition)],
);

/** A run of one app version: the engine is a scheduler job of the bound account; steps are read from its logs. */
export const appRuns = pgTable(
  'app_runs',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'restrict' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => appVersions.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    clusterId: integer('cluster_id').notNull(),
    partition: text('partition').notNull(),
    /** cwltool | toil */
    engine: text('engine').notNull(),
    state: text('state').notNull(),
    jobOrder: jsonb('job_order').$type<Record<string, unknown>>().notNull(),
    /** Hub images the run's files name, pinned at launch: reference as written → reference by digest (issue 13). */
    images: jsonb('images').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Absolute, in the account's home. */
    runDir: text('run_dir').notNull(),
    /** The engine's own scheduler job (cwltool, or toil's leader). */
    jobId: text('job_id'),
    steps: jsonb('steps').$type<{ name: string; state: string; job_ids: string[]; log: string | null }[]>().notNull().default(sql`'[]'::jsonb`),
    outputs: jsonb('outputs'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('app_runs_uuid_key').on(t.uuid), index('app_runs_user_idx').on(t.userId, t.createdAt), index('app_runs_state_idx').on(t.state)],
);
