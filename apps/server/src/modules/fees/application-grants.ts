import { Code } from '@starlight/contract/codes';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ClustersService } from '../clusters/clusters.service';
import { createFeesRepo } from './fees.repo';

/**
 * CPU hours written by an approval (issue 11: a CPU-hour allocation), inside the approval's
 * transaction: an allocation of scope `user` for the applicant, valid from the approval to the end of
 * the approved period (open-ended without one). At the end of the period the allocation stops counting
 * by its own `valid_to` (README): nothing to remove. The over-limit rule is re-read after the commit.
 */
export function createCpuHourGrants({
  clusters,
  changed,
  now = () => new Date(),
}: {
  clusters: Pick<ClustersService, 'enabledHpcRows'>;
  changed: () => Promise<unknown>;
  now?: (() => Date) | undefined;
}) {
  return {
    /** Before the transaction: the cluster (1404 naming `body.payload.cluster_name` when unknown); null: every cluster. */
    async resolve(clusterName: string | null): Promise<string | null> {
      if (clusterName === null) return null;
      if (!(await clusters.enabledHpcRows()).some((c) => c.name === clusterName))
        throw new AppError(Code.notFound, `cluster ${clusterName} not found`, { fields: [{ path: 'body.payload.cluster_name', message: 'no such cluster' }] });
      return clusterName;
    },
    async grantIn(tx: Database, request: { userId: number; clusterName: string | null; cpuHours: number; expiresAt: Date | null }): Promise<() => Promise<void>> {
      await createFeesRepo(tx).insertAllocation({
        scope: 'user',
        targetId: request.userId,
        clusterName: request.clusterName,
        cpuSecondsLimit: Math.round(request.cpuHours * 3600),
        balance: null,
        validFrom: now(),
        validTo: request.expiresAt,
      });
      return async () => void (await changed());
    },
  };
}

export type CpuHourGrants = ReturnType<typeof createCpuHourGrants>;
