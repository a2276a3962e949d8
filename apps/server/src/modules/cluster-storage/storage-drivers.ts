import { Code } from '@starlight/contract/codes';
import type { FileDriver } from '../../drivers/files/interface';
import { createLocalFileDriver } from '../../drivers/files/local/local-driver';
import { createSshFileDriver } from '../../drivers/files/ssh/ssh-driver';
import type { LocalUsers } from '../../drivers/local-users/unix-users';
import { AppError } from '../../lib/app-error';
import { readSettings, toSshConfig } from '../clusters/cluster-settings';
import type { ClusterRow } from '../clusters/clusters.service';
import type { StorageRow } from './storages.repo';

interface Built {
  version: string;
  driver: Promise<FileDriver>;
}

/**
 * One file driver per storage, chosen by its cluster: the `local` cluster → the local driver under the
 * data directory; a Slurm cluster with SSH login-node settings → SFTP as the bound account. Built on
 * first use, rebuilt when the storage or its cluster changes (their updated_at), closed at app close.
 * A build that fails is forgotten so the next call retries.
 */
export function createStorageDrivers({
  dataDir,
  onError,
  localUsers,
}: {
  dataDir: string;
  onError?: (error: unknown, context: string) => void;
  /** Dedicated Unix users for the local cluster's accounts (server running as root). */
  localUsers?: LocalUsers;
}) {
  const built = new Map<number, Built>();

  async function build(storage: StorageRow, cluster: ClusterRow): Promise<FileDriver> {
    if (storage.driver === 'local') {
      if (cluster.driver !== 'local') throw new AppError(Code.upstreamDown, `storage ${storage.name}: a local storage needs the local cluster`);
      return createLocalFileDriver({ dataDir, rootTemplate: storage.root, users: localUsers });
    }
    if (cluster.driver !== 'slurm') throw new AppError(Code.upstreamDown, `storage ${storage.name}: an ssh storage needs a Slurm cluster`);
    const ssh = await toSshConfig(cluster.name, readSettings(cluster.name, cluster.settings));
    if (!ssh) throw new AppError(Code.upstreamDown, `cluster ${cluster.name} has no SSH login node settings: its storages cannot be reached`);
    return createSshFileDriver(ssh, { rootTemplate: storage.root });
  }

  return {
    driverOf(storage: StorageRow, cluster: ClusterRow): Promise<FileDriver> {
      const version = `${storage.updatedAt.getTime()}:${cluster.updatedAt.getTime()}`;
      const current = built.get(storage.id);
      if (current?.version === version) return current.driver;
      if (current) void current.driver.then((d) => d.close(), () => undefined);
      const driver = build(storage, cluster);
      built.set(storage.id, { version, driver });
      driver.catch((error: unknown) => {
        onError?.(error, `setting up the file driver of storage ${storage.name}`);
        if (built.get(storage.id)?.driver === driver) built.delete(storage.id);
      });
      return driver;
    },

    async forget(storageId: number): Promise<void> {
      const current = built.get(storageId);
      built.delete(storageId);
      await current?.driver.then((d) => d.close(), () => undefined);
    },

    async close(): Promise<void> {
      const all = [...built.values()];
      built.clear();
      await Promise.allSettled(all.map((b) => b.driver.then((d) => d.close())));
    },
  };
}

export type StorageDrivers = ReturnType<typeof createStorageDrivers>;
