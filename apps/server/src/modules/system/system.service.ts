import { Code } from '@starlight/contract/codes';
import type { ClientErrorInput, Health } from '@starlight/contract/system';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { SystemRepo } from './system.repo';

interface SystemDeps {
  repo: SystemRepo;
  database: Health['database'];
  version: string;
}

export function createSystemService({ repo, database, version }: SystemDeps) {
  return {
    /** Healthy means the database answers; otherwise 1502 so monitors see the outage. */
    async health(): Promise<Health> {
      try {
        await repo.ping();
      } catch {
        throw new AppError(Code.upstreamDown, 'database unreachable');
      }
      return { status: 'ok', version, uptime_s: Math.round(process.uptime()), database };
    },

    async recordClientError(actor: Actor | null, input: ClientErrorInput, ip: string): Promise<{ id: number }> {
      const id = await repo.insertClientError({
        message: input.message,
        stack: input.stack ?? null,
        url: input.url,
        userAgent: input.user_agent ?? null,
        userId: actor?.userId ?? null,
        ip,
      });
      return { id };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
