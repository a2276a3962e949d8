import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { resourceNameSchema } from './validators';

/**
 * The application center (spec §1, §2 /app and /swl): apps are CWL v1.2 documents with immutable
 * versions; a run pins one version. The CWL helpers live in `./cwl/*` (shared by browser and server).
 */

export const appOwnerKinds = ['user', 'group', 'platform'] as const;
export const appVisibilities = ['private', 'group', 'public'] as const;
export const appClasses = ['CommandLineTool', 'Workflow', 'ExpressionTool', 'Operation'] as const;
export const runStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type RunState = (typeof runStates)[number];
export const stepStates = ['queued', 'running', 'done', 'failed', 'skipped', 'cancelled'] as const;
export type StepState = (typeof stepStates)[number];
export const finishedRunStates: readonly RunState[] = ['done', 'failed', 'cancelled'];

/** The CWL text as written (at most 1 MiB per file); other files of the same upload travel in `files`. */
const cwlText = z.string().min(1).max(1_048_576);
/** Upload file names: relative, no `..`, plain characters (they become file names in the run folder). */
export const cwlFileNameSchema = z
  .string()
  .max(200)
  .regex(/^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9_][A-Za-z0-9_./-]*$/, 'a relative file name (letters, digits, _ . - /), no ..');

const title = z.string().trim().min(1).max(100);
const description = z.string().max(10_000);
/** An emoji, a short text or a data:image URL (≤ 64 KiB): never fetched from elsewhere. */
const icon = z.string().max(65_536).refine((s) => !/^(https?|javascript):/i.test(s), 'an emoji, text or a data:image URL');

export const appSaveSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  icon: icon.optional(),
  /** The file the app runs (`main.cwl`). */
  main_file: cwlFileNameSchema.default('main.cwl'),
  cwl: cwlText,
  /** Other files of the same upload that `run:` may name. */
  files: z.record(cwlFileNameSchema, cwlText).default({}),
});
export const appCreateSchema = appSaveSchema.extend({
  name: resourceNameSchema,
  visibility: z.enum(appVisibilities).default('private'),
  /** `platform` needs create_app_by_admin. */
  owner_kind: z.enum(appOwnerKinds).default('user'),
});
export type AppCreate = z.input<typeof appCreateSchema>;
export type AppSave = z.input<typeof appSaveSchema>;

export const appPatchSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  icon: icon.optional(),
  visibility: z.enum(appVisibilities).optional(),
});

export const appTransferSchema = z.object({ owner_kind: z.enum(appOwnerKinds), user_name: z.string().min(1).max(64).optional() });

export const appLabelRefSchema = z.object({ id: z.number().int(), name: z.string(), label_type_name: z.string() });

export const portSchema = z.object({
  id: z.string(),
  type: z.unknown(),
  optional: z.boolean(),
  default: z.unknown().optional(),
  label: z.string().optional(),
  doc: z.string().optional(),
  format: z.string().optional(),
  secondaryFiles: z.array(z.string()).optional(),
});

export const appSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  owner_kind: z.enum(appOwnerKinds),
  owner_user_name: z.string().nullable(),
  visibility: z.enum(appVisibilities),
  class: z.string(),
  latest_version: z.number().int(),
  labels: z.array(appLabelRefSchema),
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type App = z.infer<typeof appSchema>;

export const appVersionSchema = z.object({
  version: z.number().int(),
  main_file: z.string(),
  class: z.string(),
  cwl: z.string(),
  files: z.record(z.string(), z.string()),
  inputs: z.array(portSchema),
  outputs: z.array(portSchema),
  resources: z.object({ cores: z.number().optional(), ram_mb: z.number().optional() }),
  /** Catalogue apps the workflow's steps run, pinned at save. */
  uses: z.array(z.object({ name: z.string(), version: z.number().int() })),
  pinned_by_runs: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;
export const appDetailSchema = appSchema.extend({ version: appVersionSchema, versions: z.array(z.number().int()) });
export type AppDetail = z.infer<typeof appDetailSchema>;

export const appListQuerySchema = pageQuerySchema.extend({
  field_lk_name: z.string().max(100).optional(),
  /** Label ids (repeat the key): apps carrying any of them. */
  field_eq_label: z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive()).max(50).optional()),
  /** mine: apps I own; all: every app (create_app_by_admin); default: what I may see. */
  scope: z.enum(['visible', 'mine', 'all']).default('visible'),
});
export const appNameParamsSchema = z.object({ name: resourceNameSchema });
export const appVersionParamsSchema = appNameParamsSchema.extend({ version: z.coerce.number().int().positive() });
export const appVersionQuerySchema = z.object({ version: z.coerce.number().int().positive().optional() });
export const appValidateResultSchema = z.object({ valid: z.boolean(), engine: z.string(), fields: z.array(z.object({ path: z.string(), message: z.string() })) });

/** Launching: the job order is checked against the CWL types before anything is written or submitted. */
export const runLaunchSchema = z.object({
  version: z.number().int().positive().optional(),
  job_order: z.record(z.string().max(200), z.unknown()),
  cluster: z.string().min(1).max(64).optional(),
  partition: z.string().min(1).max(64).regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/),
  cpus: z.number().int().min(1).max(4096).optional(),
  memory_mb: z.number().int().min(1).max(4_194_304).optional(),
  time_limit_minutes: z.number().int().min(1).max(527_040).optional(),
});
export type RunLaunch = z.infer<typeof runLaunchSchema>;

export const runStepSchema = z.object({
  name: z.string(),
  state: z.enum(stepStates),
  job_ids: z.array(z.string()),
  log: z.string().nullable(),
});
export type RunStep = z.infer<typeof runStepSchema>;

export const runSchema = z.object({
  uuid: z.string(),
  app: z.string(),
  app_title: z.string(),
  version: z.number().int(),
  user_name: z.string(),
  account: z.string(),
  cluster: z.string(),
  partition: z.string(),
  engine: z.enum(['cwltool', 'toil']),
  state: z.enum(runStates),
  job_id: z.string().nullable(),
  run_dir: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type Run = z.infer<typeof runSchema>;
export const runDetailSchema = runSchema.extend({
  job_order: z.record(z.string(), z.unknown()),
  /** Hub images pinned at launch: the dockerPull as written → the same image by digest, which the run's files name. */
  images: z.record(z.string(), z.string()),
  steps: z.array(runStepSchema),
  outputs: z.unknown().nullable(),
  /** Tail of the engine's own log. */
  engine_log: z.string().nullable(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

export const runListQuerySchema = pageQuerySchema.extend({
  field_eq_state: z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(z.enum(runStates)).optional()),
  field_eq_app: resourceNameSchema.optional(),
  field_eq_cluster: z.string().max(64).optional(),
  /** all: every user's runs (create_app_by_admin). */
  scope: z.enum(['mine', 'all']).default('mine'),
});
export const runParamsSchema = z.object({ app: resourceNameSchema, uuid: z.string().uuid() });

/** Admin defaults and limits per cluster/partition for app resources (/app/app-params). */
export const appParamSchema = z.object({
  id: z.number().int(),
  cluster: z.string(),
  partition: z.string(),
  default_cpus: z.number().int().nullable(),
  max_cpus: z.number().int().nullable(),
  default_memory_mb: z.number().int().nullable(),
  max_memory_mb: z.number().int().nullable(),
  default_time_minutes: z.number().int().nullable(),
  max_time_minutes: z.number().int().nullable(),
});
export type AppParam = z.infer<typeof appParamSchema>;
const limit = z.number().int().min(1).nullable().optional();
export const appParamSaveSchema = z.object({
  cluster: z.string().min(1).max(64),
  partition: z.string().min(1).max(64).regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/),
  default_cpus: limit,
  max_cpus: limit,
  default_memory_mb: limit,
  max_memory_mb: limit,
  default_time_minutes: limit,
  max_time_minutes: limit,
});
export const appParamIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** Label relations of apps (spec §7 `/label/relation/app`). */
export const appLabelRelationSchema = z.object({ app_id: z.number().int().positive(), label_id: z.number().int().positive() });
export const appLabelRelationQuerySchema = pageQuerySchema.extend({
  field_eq_app_id: z.coerce.number().int().positive().optional(),
  field_eq_label_id: z.coerce.number().int().positive().optional(),
});
export const appLabelRelationRowSchema = appLabelRelationSchema.extend({ app_name: z.string(), label_name: z.string(), label_type_name: z.string() });
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
