import { Code } from '@starlight/contract/codes';
import { SchedulerError } from '../scheduler-error';

/** One entry of a slurmrestd `errors[]`; the field names differ between endpoints and versions. */
export interface SlurmErrorEntry {
  error?: string;
  description?: string;
  error_number?: number;
  error_code?: number;
  errno?: number;
  source?: string;
}

export const slurmErrorNumber = (entry: SlurmErrorEntry): number | undefined =>
  entry.error_number ?? entry.error_code ?? entry.errno;

export function slurmErrorText(entry: SlurmErrorEntry): string {
  const parts = [entry.error, entry.description].filter((part): part is string => Boolean(part));
  return [...new Set(parts)].join(': ') || 'unknown error';
}

// 22.05 reports a refused token as -1 "Unspecified error" (slurmctld calls, HTTP 500) or as 1007
// SLURM_PROTOCOL_AUTHENTICATION_ERROR (slurmdbd calls, HTTP 200).
const tokenRefused = (n: number | undefined, text: string): boolean =>
  n === 1007 || (n === -1 && text.startsWith('Unspecified error'));

/** Slurm error numbers a user can act on; everything else is the cluster failing (1502). */
const codeBySlurmError: Record<number, number> = {
  2000: Code.invalidInput, // ESLURM_INVALID_PARTITION_NAME
  2005: Code.invalidInput, // ESLURM_TOO_MANY_REQUESTED_CPUS
  2014: Code.invalidInput, // ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE
  2015: Code.invalidInput, // ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE
  2002: Code.forbidden, // ESLURM_ACCESS_DENIED: the cluster's own permission check said no
  2045: Code.forbidden, // ESLURM_INVALID_ACCOUNT: no association for this account/partition
  2017: Code.notFound, // ESLURM_INVALID_JOB_ID
  9003: Code.notFound, // slurmdbd: nothing found
};

/** EAGAIN: slurmctld is busy or its job table is full; sbatch waits and retries. */
export const slurmBusyError = 11;

export function slurmErrorToSchedulerError(entries: SlurmErrorEntry[], sun: string, baseUrl: string): SchedulerError {
  const first = entries[0] ?? {};
  const n = slurmErrorNumber(first);
  const text = entries.map(slurmErrorText).join('; ');
  if (tokenRefused(n, slurmErrorText(first)))
    return new SchedulerError(
      Code.upstreamDown,
      `slurmrestd refused the token for ${sun} (wrong key, expired token or unknown account): ${text}`,
    );
  const code = n === undefined ? undefined : codeBySlurmError[n];
  if (code === Code.forbidden) return new SchedulerError(code, `Slurm refused this for ${sun}: ${text}`);
  if (code !== undefined) return new SchedulerError(code, `Slurm: ${text}`);
  return new SchedulerError(Code.upstreamDown, `Slurm at ${baseUrl} failed: ${text}${n === undefined ? '' : ` (error ${n})`}`);
}
