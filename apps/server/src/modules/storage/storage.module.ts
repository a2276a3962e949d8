import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { FileDriver } from '../../drivers/files/interface';
import type { ClusterBus } from '../../lib/cluster-bus';
import { createFilesService, type StorageSettings } from './files.service';
import { createListingCache, type ListingCache } from './listing-cache';
import { createStorageAccount, type FindUser } from './storage-account';
import { storageRoutes } from './storage.routes';
import { createStorageAt, type LocateStorage } from './storage-target';
import { createUploadSessionsRepo } from './upload-sessions.repo';
import { uploadSessionsRoutes } from './upload-sessions.routes';
import { createUploadsService } from './uploads.service';
import { createUploadSlots } from './upload-slots';
import { createFileSharesRepo } from './file-shares.repo';
import { sharesRoutes } from './shares.routes';
import { createSharesService } from './shares.service';

export interface StorageModuleDeps {
  db: Database;
  driver: FileDriver;
  /** identity's accounts service: the user's current status and bound account. */
  findUser: FindUser;
  settings: StorageSettings;
  /** cluster-storage: the storage a call names, its driver and quota guard (absent: `driver` for everything). */
  storages?: {
    locate: LocateStorage;
    driverFor: (storageId: number) => Promise<FileDriver>;
    changed: (storageId: number, account: string) => void;
  };
  /** Other console instances: listing invalidations travel over it; only the leader sweeps. Absent: this instance alone. */
  bus?: Pick<ClusterBus, 'isLeader' | 'publish' | 'subscribe' | 'onResync'>;
  now?: () => Date;
}

const sweepEveryMs = 10 * 60 * 1000;
const listingTopic = 'storage.listing';
/** Many paths (a long list of removals) would pass NOTIFY's payload limit: the account's whole home then. */
const listingMessage = (account: string, dirKeys: readonly string[]) =>
  JSON.stringify(dirKeys).length > 6_000 ? { account, dirKeys: ['.'] } : { account, dirKeys };

/** Wires storage: the file manager's calls and chunked uploads, acting as the bound account through `driver`. */
export function createStorageModule({ db, driver: rawDriver, findUser, settings, storages, bus, now }: StorageModuleDeps) {
  // Listings of huge directories are served from a per-directory cache that writes invalidate: ours at
  // once, other instances' through the bus. A message names the account and home-relative directories,
  // not the storage: every cache here drops what matches (at worst a re-read of a same-named directory).
  const caches = new Set<ListingCache>();
  const newCache = (raw: FileDriver): ListingCache => {
    const cache = createListingCache(raw, { onInvalidate: (account, dirKeys) => bus?.publish(listingTopic, listingMessage(account, dirKeys)) });
    caches.add(cache);
    return cache;
  };
  bus?.subscribe(listingTopic, (message) => {
    const { account, dirKeys } = message as { account: string; dirKeys: string[] };
    for (const cache of caches) cache.dropKeys(account, dirKeys);
  });
  bus?.onResync(() => caches.forEach((cache) => cache.clear()));
  const listings = newCache(rawDriver);
  const driver = listings.driver;
  const identityOf = createStorageAccount(findUser);
  // each storage's driver gets its own listing cache (the same account has a different root on each)
  const cachedDrivers = new WeakMap<FileDriver, FileDriver>([[rawDriver, driver]]);
  const withListingCache = (raw: FileDriver): FileDriver => {
    let wrapped = cachedDrivers.get(raw);
    if (!wrapped) cachedDrivers.set(raw, (wrapped = newCache(raw).driver));
    return wrapped;
  };
  const locate: LocateStorage | undefined = storages
    ? async (actor, identity, target) => {
        const found = await storages.locate(actor, identity, target);
        return found && { ...found, driver: withListingCache(found.driver) };
      }
    : undefined;
  const at = createStorageAt(identityOf, driver, locate);
  const files = createFilesService({ at, settings });
  const uploads = createUploadsService({
    repo: createUploadSessionsRepo(db),
    at,
    driverFor: async (storageId) => (storageId === null || !storages ? driver : withListingCache(await storages.driverFor(storageId))),
    changed: (storageId, account) => {
      if (storageId !== null) storages?.changed(storageId, account);
    },
    identityOf,
    settings,
    ...(now ? { now } : {}),
  });
  const shares = createSharesService({ repo: createFileSharesRepo(db), driver, identityOf, findUser, ...(now ? { now } : {}) });

  const routes: FastifyPluginAsyncZod = async (app) => {
    // Raw bodies (uploads, chunks) reach the handler as the request stream: no body limit, nothing buffered
    // here. Registered inside this plugin only, so no other route accepts octet-stream.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    // one count per user over both kinds of upload body
    const slots = createUploadSlots(settings.uploadMaxConcurrentPerUser);
    await app.register(storageRoutes, { files, slots });
    await app.register(uploadSessionsRoutes, { uploads, slots });
    // shutdown closes the connections of uploads still open (server.ts); their clean-up ends before the process does
    app.addHook('onClose', () => slots.idle());
    await app.register(sharesRoutes, { shares });

    // one sweeper for all instances: the leader's
    const sweep = (): void => void (bus && !bus.isLeader() ? Promise.resolve() : uploads.sweepExpired()).catch((err: unknown) => app.log.warn({ err }, 'upload session sweep failed'));
    const timer = setInterval(sweep, sweepEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  return { files, uploads, shares, listings, routes };
}

export type StorageModule = ReturnType<typeof createStorageModule>;
