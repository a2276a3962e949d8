import { Code } from '@starlight/contract/codes';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ClustersService } from '../clusters/clusters.service';
import { createStoragesRepo, type StoragesRepo } from './storages.repo';

/**
 * Storage quotas written by an approval (issue 11), inside the approval's transaction. At the end of
 * the period nothing is deleted: a quota past its `expires_at` already refuses every write that adds
 * bytes (README "Expiry"), which is this module's own rule for an expired quota.
 */
export function createStorageApplicationGrants({ repo, clusters }: { repo: StoragesRepo; clusters: Pick<ClustersService, 'rowByName'> }) {
  return {
    /** Before the transaction: the storage's id (1404 naming the field when unknown). */
    async resolve(clusterName: string, storageName: string): Promise<number> {
      const cluster = await clusters.rowByName(clusterName);
      if (!cluster) throw new AppError(Code.notFound, `cluster ${clusterName} not found`, { fields: [{ path: 'body.payload.cluster_name', message: 'no such cluster' }] });
      const storage = await repo.byName(cluster.id, storageName);
      if (!storage) throw new AppError(Code.notFound, `storage ${storageName} not found`, { fields: [{ path: 'body.payload.storage_name', message: 'no such storage' }] });
      return storage.id;
    },
    async grantIn(tx: Database, storageId: number, request: { userId: number; limitBytes: number; expiresAt: Date | null }): Promise<void> {
      await createStoragesRepo(tx).upsertQuota({ storageId, userId: request.userId }, { limitBytes: request.limitBytes, expiresAt: request.expiresAt });
    },
  };
}

export type StorageApplicationGrants = ReturnType<typeof createStorageApplicationGrants>;
