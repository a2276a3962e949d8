import { Code } from '@starlight/contract/codes';
import type { FileDriver } from '../../drivers/files/interface';
import { createLocalFileDriver } from '../../drivers/files/local/local-driver';
import { createSshFileDriver } from '../../drivers/files/ssh/ssh-driver';
import { createScheduler } from '../../drivers/scheduler/create-scheduler';
import type { SchedulerDriver } from '../../drivers/scheduler/interface';
import type { KubernetesDriver } from '../../drivers/kubernetes/interface';
import { createUnavailableKubernetesDriver, kubernetesUnavailableInfo } from '../../drivers/kubernetes/unavailable';
import { createPodmanDriver } from '../../drivers/kubernetes/podman/podman-driver';
import type { LocalUsers } from '../../drivers/local-users/unix-users';
import type { LocalJobStore } from '../../drivers/scheduler/local/job-store';
import type { LocalQueueCoordination } from '../../drivers/scheduler/local/queue-coordination';
import { AppError } from '../../lib/app-error';
import { kubernetesUnsupported, readSettings, toSchedulerConfig, toSshConfig } from './cluster-settings';
import type { ClusterRow } from './clusters.repo';

export interface ClusterDriversDeps {
  /** STARLIGHT_DATA_DIR: the local queue's homes and private files live under it. */
  dataDir: string;
  localStore: LocalJobStore;
  /** Several console instances: only the leader runs a local queue (absent: this instance alone). */
  coordination?: (clusterName: string) => LocalQueueCoordination;
  onError?: (error: unknown, context: string) => void;
  /** Dedicated Unix users for the local cluster's accounts (server running as root). */
  localUsers?: LocalUsers;
}

interface Built<T> {
  version: number;
  driver: Promise<T>;
}

/**
 * One scheduler and one file driver per cluster, built on first use and rebuilt when the cluster's
 * row changes (its updated_at is the version). A build that fails is forgotten, so the next call
 * retries. `close()` (at app close) closes them all; running local jobs keep running.
 */
export function createClusterDrivers({ dataDir, localStore, coordination, onError, localUsers }: ClusterDriversDeps) {
  const schedulers = new Map<number, Built<SchedulerDriver>>();
  const files = new Map<number, Built<FileDriver | null>>();

  function cached<T>(map: Map<number, Built<T>>, cluster: ClusterRow, build: () => Promise<T>, close: (d: T) => Promise<void>): Promise<T> {
    const version = cluster.updatedAt.getTime();
    const current = map.get(cluster.id);
    if (current && current.version === version) return current.driver;
    // The old driver is closed before the new one starts: two local queues must never watch one store.
    const previous = current ? current.driver.then(close, () => undefined) : Promise.resolve();
    const driver = previous.then(build);
    map.set(cluster.id, { version, driver });
    driver.catch(() => {
      if (map.get(cluster.id)?.driver === driver) map.delete(cluster.id);
    });
    return driver;
  }

  return {
    scheduler(cluster: ClusterRow): Promise<SchedulerDriver> {
      if (cluster.driver === 'k8s') return Promise.reject(kubernetesUnsupported());
      return cached(
        schedulers,
        cluster,
        async () => {
          const config = toSchedulerConfig(cluster.name, cluster.driver, readSettings(cluster.name, cluster.settings));
          try {
            return await createScheduler(config, { dataDir, localStore, coordination, onError, localUsers }, cluster.name);
          } catch (error) {
            // the driver's message may name the key file: it goes to the server log, not to the browser
            onError?.(error, `setting up the scheduler of cluster ${cluster.name}`);
            throw new AppError(Code.upstreamDown, `cluster ${cluster.name}: the scheduler could not be set up (key or settings unreadable; see the server log)`);
          }
        },
        (driver) => driver.close(),
      );
    },

    /** Files as the bound account: the data directory's homes (local) or SFTP to the login node; null when not configured. */
    files(cluster: ClusterRow): Promise<FileDriver | null> {
      if (cluster.driver === 'k8s') return Promise.reject(kubernetesUnsupported());
      return cached(
        files,
        cluster,
        async () => {
          if (cluster.driver === 'local') return createLocalFileDriver({ dataDir, users: localUsers });
          const ssh = await toSshConfig(cluster.name, readSettings(cluster.name, cluster.settings));
          return ssh ? createSshFileDriver(ssh) : null;
        },
        async (driver) => driver?.close(),
      );
    },

    /**
     * A k8s cluster's driver: podman through its libpod socket; an engine without an implementation here
     * (kubernetes, for now) answers 1502 saying so. 1400 for an HPC cluster.
     */
    kubernetes(cluster: ClusterRow): KubernetesDriver {
      if (cluster.driver !== 'k8s')
        throw new AppError(Code.invalidInput, `cluster ${cluster.name} is not a kubernetes cluster`, { fields: [{ path: 'params', message: 'not a kubernetes cluster' }] });
      const settings = readSettings(cluster.name, cluster.settings);
      if (settings.engine === 'kubernetes') return createUnavailableKubernetesDriver(cluster.name, kubernetesUnavailableInfo.kubernetes);
      if (settings.engine !== 'podman' || !settings.engine_socket) return createUnavailableKubernetesDriver(cluster.name);
      const namespaces = Object.fromEntries(
        Object.entries(settings.namespaces ?? {}).map(([name, n]) => [name, { cpuMillicores: n.cpu_millicores, memoryMb: n.memory_mb, params: n.params }]),
      );
      return createPodmanDriver({ clusterName: cluster.name, socketPath: settings.engine_socket, namespaces });
    },

    /** A deleted cluster's drivers are closed now rather than at app close. */
    async forget(clusterId: number): Promise<void> {
      const s = schedulers.get(clusterId);
      const f = files.get(clusterId);
      schedulers.delete(clusterId);
      files.delete(clusterId);
      await Promise.allSettled([s?.driver.then((d) => d.close()), f?.driver.then((d) => d?.close())]);
    },

    async close(): Promise<void> {
      const all = [...schedulers.values()].map((b) => b.driver.then((d) => d.close()));
      const allFiles = [...files.values()].map((b) => b.driver.then((d) => d?.close()));
      schedulers.clear();
      files.clear();
      await Promise.allSettled([...all, ...allFiles]);
    },
  };
}

export type ClusterDrivers = ReturnType<typeof createClusterDrivers>;
