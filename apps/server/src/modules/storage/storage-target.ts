import { storageTargetQuerySchema, type StorageTarget } from '@starlight/contract/cluster-storage';
import type { FileDriver, FileIdentity } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import type { IdentityOf } from './storage-account';

export type { StorageTarget } from '@starlight/contract/cluster-storage';

/** Quota checks around a write (cluster-storage's quotas service); `noGuard` where no quota applies. */
export interface WriteGuard {
  reserve(bytes: number): Promise<void>;
  remaining(): Promise<number | null>;
  changed(): void;
}
export const noGuard: WriteGuard = { reserve: async () => undefined, remaining: async () => null, changed: () => undefined };

/** The storage a call acts on: its driver, the account, its id (null: the built-in default) and its quota guard. */
export interface StorageAt {
  driver: FileDriver;
  identity: FileIdentity;
  storageId: number | null;
  guard: WriteGuard;
}

/** cluster-storage's lookup: the named storage (or the default one) for the account; null: keep the built-in default. */
export type LocateStorage = (actor: Actor, identity: FileIdentity, target: StorageTarget) => Promise<Omit<StorageAt, 'identity'> | null>;
export type LocateById = (storageId: number) => Promise<{ driver: FileDriver } | null>;

/** Resolves every file call's storage: the bound account first (1403 without), then the storage. */
export function createStorageAt(identityOf: IdentityOf, defaultDriver: FileDriver, locate?: LocateStorage) {
  return async function at(actor: Actor, target: StorageTarget = {}): Promise<StorageAt> {
    const identity = await identityOf(actor);
    const found = locate ? await locate(actor, identity, target) : null;
    return found ? { ...found, identity } : { driver: defaultDriver, identity, storageId: null, guard: noGuard };
  };
}

export type ResolveStorageAt = ReturnType<typeof createStorageAt>;

/** The target's query fields, for `querystring: someQuerySchema.extend(target)`. */
export const target = storageTargetQuerySchema.shape;

/** The storage a request names (query `cluster`, `storage`), only the fields it gave. */
export const targetOf = (query: { cluster?: string | undefined; storage?: string | undefined }): StorageTarget => ({
  ...(query.cluster ? { cluster: query.cluster } : {}),
  ...(query.storage ? { storage: query.storage } : {}),
});
