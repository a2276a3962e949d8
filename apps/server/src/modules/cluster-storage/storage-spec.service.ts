import type { StorageSpecItem } from '@starlight/contract/cluster-storage';
import type { FileIdentity } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import type { QuotasService } from './quotas.service';
import type { StoragesService } from './storages.service';

/** The storage spec list: the storages offered to the caller, the default first; verbose adds root, quota and usage. */
export function createStorageSpecService({ storages, quotas, identityOf }: { storages: StoragesService; quotas: QuotasService; identityOf: (actor: Actor) => Promise<FileIdentity> }) {
  return {
    async list(actor: Actor, query: { cluster?: string | undefined; verbose: boolean }): Promise<StorageSpecItem[]> {
      const identity = await identityOf(actor);
      const offered = await storages.offered(query.cluster);
      return Promise.all(
        offered.map(async ({ storage, cluster, isDefault }) => {
          const item: StorageSpecItem = {
            StorageName: storage.name,
            cluster_name: cluster.name,
            driver: storage.driver,
            description: storage.description,
            default: isDefault,
            path: null,
            limit_bytes: null,
            used_bytes: null,
            expires_at: null,
          };
          if (!query.verbose) return item;
          const driver = await storages.driverOf(storage, cluster).catch(() => null);
          const path = driver ? await driver.homePath(identity).catch(() => null) : null;
          const mine = await quotas.mine(actor.userId, identity.account, { storage, cluster });
          return { ...item, path, limit_bytes: mine.limit, used_bytes: mine.used, expires_at: mine.expiresAt };
        }),
      );
    },
  };
}

export type StorageSpecService = ReturnType<typeof createStorageSpecService>;
