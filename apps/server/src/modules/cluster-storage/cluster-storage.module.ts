import type { LocalUsers } from '../../drivers/local-users/unix-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { FileIdentity } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import type { ClusterBus } from '../../lib/cluster-bus';
import type { ClustersService } from '../clusters/clusters.service';
import type { PartitionsService } from '../clusters/partitions.service';
import { notFound } from '../../lib/app-error';
import type { LocateStorage } from '../storage/storage-target';
import { clusterStorageRoutes } from './cluster-storage.routes';
import { quotasRoutes } from './quotas.routes';
import { createQuotasService } from './quotas.service';
import { createStorageDrivers } from './storage-drivers';
import { createStorageSpecService } from './storage-spec.service';
import { createUsageCache } from './storage-usage';
import { createStoragesRepo } from './storages.repo';
import { createStorageApplicationGrants } from './application-grants';
import { createStoragesService } from './storages.service';

export interface ClusterStorageModuleDeps {
  db: Database;
  dataDir: string;
  clusters: ClustersService;
  partitions: Pick<PartitionsService, 'known'>;
  /** storage's check of the bound account (1403 'bind a system account first'). */
  identityOf: (actor: Actor) => Promise<FileIdentity>;
  /** How long a measured usage is trusted (our own writes invalidate it sooner). */
  usageTtlMs?: number;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  /** Dedicated Unix users for the local cluster's accounts (server running as root). */
  localUsers?: LocalUsers;
  /** Other console instances: a write here makes their measured usage stale too. */
  bus?: Pick<ClusterBus, 'publish' | 'subscribe' | 'onResync'>;
}

const usageTopic = 'storage.usage';

/** Storages per cluster, partition relations, storage quotas; app.ts closes `drivers` at app close. */
export function createClusterStorageModule({ db, dataDir, clusters, partitions, identityOf, usageTtlMs = 60_000, log, now, localUsers, bus }: ClusterStorageModuleDeps) {
  const repo = createStoragesRepo(db);
  const drivers = createStorageDrivers({ dataDir, localUsers, ...(log ? { onError: log } : {}) });
  const storages = createStoragesService({ repo, clusters, partitions, drivers });
  const localUsage = createUsageCache({ ttlMs: usageTtlMs, ...(now ? { now: () => now().getTime() } : {}) });
  bus?.subscribe(usageTopic, (message) => {
    const { storageId, account } = message as { storageId: number; account: string };
    localUsage.invalidate(storageId, account);
  });
  const usage: typeof localUsage = {
    ...localUsage,
    invalidate(storageId, account) {
      localUsage.invalidate(storageId, account);
      bus?.publish(usageTopic, { storageId, account });
    },
  };
  const quotas = createQuotasService({ repo, storages, usage, ...(now ? { now } : {}) });
  const spec = createStorageSpecService({ storages, quotas, identityOf });

  /** For the storage module: the storage a file call names, with the caller's quota guard. */
  const locate: LocateStorage = async (actor, identity, target) => {
    const found = await storages.at(target);
    if (!found) return null;
    return { driver: found.driver, storageId: found.storage.id, guard: quotas.guard(actor.userId, identity.account, found, found.driver) };
  };
  const driverFor = async (storageId: number) => {
    const storage = (await repo.get(storageId)) ?? null;
    const cluster = storage ? await clusters.rowById(storage.clusterId) : undefined;
    if (!storage || !cluster) throw notFound('storage');
    return drivers.driverOf(storage, cluster);
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(clusterStorageRoutes, { storages, spec });
    await app.register(quotasRoutes, { quotas });
  };
  return {
    storages,
    quotas,
    drivers,
    routes,
    ensureDefault: () => storages.ensureDefault(),
    /** Storage quotas written by approvals, inside their transaction (modules/approvals). */
    applicationGrants: createStorageApplicationGrants({ repo, clusters }),
    forStorageModule: { locate, driverFor, changed: (storageId: number, account: string) => usage.invalidate(storageId, account) },
  };
}

export type ClusterStorageModule = ReturnType<typeof createClusterStorageModule>;
