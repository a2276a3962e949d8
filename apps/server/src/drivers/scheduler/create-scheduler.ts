import type { LocalUsers } from '../local-users/unix-users';
import { z } from 'zod';
import type { SchedulerDriver } from './interface';
import { schedulerNamePattern } from './interface';
import type { LocalJobStore } from './local/job-store';
import type { LocalQueueCoordination } from './local/queue-coordination';
import { createLocalScheduler } from './local/local-scheduler';
import { loadJwtKey } from './slurm/jwt';
import { supportedOpenapiVersions } from './slurm/openapi-version';
import { createSlurmScheduler } from './slurm/slurm-scheduler';

const name = z.string().regex(schedulerNamePattern);

/**
 * A scheduler's settings, per cluster. Config (src/config.ts) or the cluster table validates with
 * this; the Slurm key is named by file or given base64 and stays on the server.
 */
export const schedulerConfigSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('local'),
    cpuSlots: z.number().int().min(1).optional(),
    partition: name.optional(),
    defaultTimeLimitMinutes: z.number().int().min(1).optional(),
    maxTimeLimitMinutes: z.number().int().min(1).optional(),
    killGraceMs: z.number().int().min(0).optional(),
  }),
  z
    .object({
      kind: z.literal('slurm'),
      restUrl: z.url({ protocol: /^https?$/ }),
      jwtKeyFile: z.string().min(1).optional(),
      jwtKeyBase64: z.base64().optional(),
      adminAccount: name.default('root'),
      openapiVersion: z.enum(supportedOpenapiVersions).optional(),
      timeoutMs: z.number().int().min(100).default(10_000),
    })
    .refine((c) => (c.jwtKeyFile === undefined) !== (c.jwtKeyBase64 === undefined), {
      message: 'give the Slurm JWT key as exactly one of jwtKeyFile or jwtKeyBase64',
    }),
]);
export type SchedulerConfig = z.output<typeof schedulerConfigSchema>;

export interface SchedulerDeps {
  dataDir: string;
  /** Required by the local queue (the jobs module's drizzle store); unused by slurm. */
  localStore?: LocalJobStore;
  /** Several console instances: which of them runs a local queue (by the queue's cluster name). */
  coordination?: (clusterName: string) => LocalQueueCoordination;
  onError?: (error: unknown, context: string) => void;
  /** The local queue's dedicated Unix users (server running as root); absent: jobs run as the server's user. */
  localUsers?: LocalUsers;
}

export async function createScheduler(config: SchedulerConfig, deps: SchedulerDeps, clusterName = 'local'): Promise<SchedulerDriver> {
  if (config.kind === 'local') {
    if (!deps.localStore) throw new Error('the local scheduler needs a LocalJobStore');
    return createLocalScheduler({ ...config, dataDir: deps.dataDir, store: deps.localStore, onError: deps.onError, users: deps.localUsers, coordination: deps.coordination?.(clusterName) });
  }
  const jwtKey = await loadJwtKey(config.jwtKeyFile ? { file: config.jwtKeyFile } : { base64: config.jwtKeyBase64 ?? '' });
  return createSlurmScheduler({ ...config, jwtKey });
}
