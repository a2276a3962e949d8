import { z } from 'zod';
import { schedulerNameSchema } from './hpc';

/**
 * Interactive sessions (issue 14): an interactive app (Jupyter, a remote desktop) runs as a batch job of the
 * caller's bound account and is opened in the browser through the proxy `/session/<id>/proxy/…` of the session origin
 * (a listener apart from the console's origin, entered with a connect ticket).
 * Paths follow the spec's style (`/session/…`, lists answer `{ list, total }`).
 */

export const interactiveAppIds = ['jupyter', 'desktop'] as const;
export type InteractiveAppId = (typeof interactiveAppIds)[number];

export const sessionStates = ['queued', 'starting', 'running', 'completed', 'failed', 'expired'] as const;
export type SessionState = (typeof sessionStates)[number];
export const finalSessionStates: readonly SessionState[] = ['completed', 'failed', 'expired'];

/** Desktop sizes a user may pick (also what the launch script is handed, never free text). */
export const desktopResolutions = ['1024x768', '1280x800', '1366x768', '1600x900', '1920x1080'] as const;

/**
 * One form field an app asks for beyond the common ones, declared by the app's definition: the web builds the
 * form from it, the server validates the launch against it, and the value reaches the launch script only as the
 * environment variable `SL_FIELD_<NAME>` (upper case), never as shell text.
 */
export const appFieldNamePattern = /^[a-z][a-z0-9_]{0,31}$/;
const appFieldBase = {
  name: z.string().regex(appFieldNamePattern),
  /** What the form shows (the web prefers its own translation of `fields.<name>` when it has one). */
  label: z.string().min(1).max(64),
  help: z.string().max(300).optional(),
};
export const appFieldSchema = z.discriminatedUnion('kind', [
  z.object({ ...appFieldBase, kind: z.literal('select'), options: z.array(z.string().min(1).max(64)).min(1).max(50), default: z.string() }),
  z.object({
    ...appFieldBase,
    kind: z.literal('text'),
    /** Longest value accepted (control characters are always refused). */
    max_length: z.number().int().min(1).max(1024),
    /** When set, the whole value must match this regular expression (JavaScript syntax, without slashes). */
    pattern: z.string().max(200).optional(),
    default: z.string(),
  }),
]);
export type AppField = z.infer<typeof appFieldSchema>;

/** The environment variable a field's value reaches the launch script through. */
export const fieldEnvName = (name: string) => `SL_FIELD_${name.toUpperCase()}`;

/**
 * An interactive app as the application center lists it (kind `interactive`, beside CWL tools and workflows):
 * its card (icon, title, description, labels) and its launch form's own fields.
 */
export const interactiveAppSchema = z.object({
  id: z.enum(interactiveAppIds),
  kind: z.literal('interactive'),
  title: z.string(),
  description: z.string(),
  /** An emoji or a data: image, as the catalogue's other apps. */
  icon: z.string(),
  labels: z.array(z.string()),
  /** Whether this host has the app's programs (a Slurm node may still have them; launching is not refused). */
  installed: z.boolean(),
  /** What to install when it is missing. */
  packages: z.array(z.string()),
  fields: z.array(appFieldSchema),
});
export type InteractiveApp = z.infer<typeof interactiveAppSchema>;

export const launchSessionInputSchema = z
  .object({
    app: z.enum(interactiveAppIds),
    /** Omitted: the first cluster offering the partition. */
    cluster: schedulerNameSchema.optional(),
    partition: schedulerNameSchema,
    cpus: z.number().int().min(1).max(256).default(1),
    /** Memory per node, MB; the local queue does not enforce it. */
    memory_mb: z.number().int().min(128).max(4 * 1024 * 1024).optional(),
    hours: z.number().min(0.25).max(7 * 24).default(1),
    fields: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type LaunchSessionInput = z.infer<typeof launchSessionInputSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  app: z.enum(interactiveAppIds),
  cluster: z.string(),
  partition: z.string(),
  cpus: z.number(),
  memory_mb: z.number().nullable(),
  hours: z.number(),
  fields: z.record(z.string(), z.unknown()),
  job_id: z.string(),
  state: z.enum(sessionStates),
  /** Why it failed or is not running yet (the scheduler's reason, a refused connection file). */
  reason: z.string().nullable(),
  node: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  /** When the job's time limit ends it (null until it started). */
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Last traffic through the proxy (or the start). */
  last_activity_at: z.string().nullable(),
  /** True when running with no traffic for the configured idle time: the card offers to end it. */
  idle: z.boolean(),
  /** The session's folder in the account's home (connection file, job output). */
  folder: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionParamsSchema = z.object({ id: z.string().uuid() });

export const sessionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  /** Only sessions that are not over (the dashboard card). */
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const connectSessionResultSchema = z.object({
  /**
   * Absolute URL on the session origin (a listener apart from the console's) with a single-use ticket valid 60 s:
   * Jupyter's page to open (the ticket becomes that origin's cookie), the desktop's websocket for noVNC.
   */
  url: z.string(),
  /** The app's per-session secret (the desktop's VNC password); only the owner receives it. */
  secret: z.string(),
});
export type ConnectSessionResult = z.infer<typeof connectSessionResultSchema>;

export const extendSessionInputSchema = z.object({ hours: z.number().min(0.25).max(24) }).strict();

export const sessionOutputSchema = z.object({ stdout: z.string().nullable(), stderr: z.string().nullable() });
