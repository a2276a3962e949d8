import { Code } from '@starlight/contract/codes';
import { SchedulerError } from '../scheduler-error';
import type { SlurmRestClient } from './rest-client';

/** Newest first: the first one slurmrestd offers is used. The mapping code is written for v0.0.38. */
export const supportedOpenapiVersions = ['v0.0.38', 'v0.0.37', 'v0.0.36'] as const;
export type SlurmOpenapiVersion = (typeof supportedOpenapiVersions)[number];

export interface SlurmApiVersions {
  slurm: SlurmOpenapiVersion;
  /** Null when slurmrestd runs without slurmdbd (no accounting endpoints). */
  slurmdb: SlurmOpenapiVersion | null;
}

export function pickVersions(paths: readonly string[]): SlurmApiVersions | undefined {
  const offered = (prefix: string): Set<string> =>
    new Set(paths.map((p) => new RegExp(`^/${prefix}/(v[0-9.]+)/`).exec(p)?.[1]).filter((v): v is string => !!v));
  const slurm = offered('slurm');
  const slurmdb = offered('slurmdb');
  const best = (set: Set<string>): SlurmOpenapiVersion | undefined => supportedOpenapiVersions.find((v) => set.has(v));
  const chosen = best(slurm);
  return chosen && { slurm: chosen, slurmdb: best(slurmdb) ?? null };
}

/**
 * Reads the OpenAPI document slurmrestd serves (`/openapi/v3`, older builds `/openapi`); it lists a
 * path per loaded plugin version. 22.05 wants the auth headers even here, though it does not check
 * the token for this path.
 */
export async function discoverVersions(client: SlurmRestClient, sun: string): Promise<SlurmApiVersions> {
  let paths: string[] = [];
  for (const documentPath of ['/openapi/v3', '/openapi']) {
    try {
      const { body } = await client.request(sun, documentPath);
      paths = Object.keys((body?.paths as object | undefined) ?? {});
      if (paths.length > 0) break;
    } catch (error) {
      // Unreachable is final; a missing document path is worth the second try.
      if (error instanceof SchedulerError && /unreachable|did not answer/.test(error.info)) throw error;
    }
  }
  const versions = pickVersions(paths);
  if (versions) return versions;
  const offered = [...new Set(paths.map((p) => /^\/slurm\/(v[0-9.]+)\//.exec(p)?.[1]).filter(Boolean))];
  throw new SchedulerError(
    Code.upstreamDown,
    `slurmrestd at ${client.baseUrl} offers ${offered.join(', ') || 'no Slurm API'}; Starlight speaks ${supportedOpenapiVersions.join(', ')}`,
  );
}
