import { Code } from '@starlight/contract/codes';
import type { Filesystem, FilesystemInput, FilesystemPatch, PartStoRel, PartStoRelInput, StorageTarget } from '@starlight/contract/cluster-storage';
import type { FileDriver } from '../../drivers/files/interface';
import { AppError, notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { PartitionsService } from '../clusters/partitions.service';
import type { StorageDrivers } from './storage-drivers';
import type { StorageRow, StoragesRepo } from './storages.repo';

/** The storage created with the embedded cluster: the homes the local driver has always used. */
export const defaultStorage = { cluster: 'local', name: 'home', root: '/homes/{account}' } as const;

const invalid = (path: string, message: string): AppError => new AppError(Code.invalidInput, message, { fields: [{ path, message }] });
/** Partitions are looked up at most this often per cluster for the §5 rule. */
const partitionsTtlMs = 30_000;

export interface StorageAt {
  storage: StorageRow;
  cluster: ClusterRow;
  driver: FileDriver;
}

/**
 * Storages per cluster, the partition-to-storage relation, and the §5 rule: a storage is offered for a
 * cluster only if it is related to every partition of that cluster (a cluster with no partition known
 * yet offers all its storages).
 */
export function createStoragesService({
  repo,
  clusters,
  partitions,
  drivers,
}: {
  repo: StoragesRepo;
  clusters: ClustersService;
  partitions: Pick<PartitionsService, 'known'>;
  drivers: StorageDrivers;
}) {
  const partitionCache = new Map<number, { at: number; names: Promise<string[]> }>();

  /** Names of the cluster's partitions (discovered by its scheduler, or described by administrators). */
  function partitionNames(cluster: ClusterRow): Promise<string[]> {
    const cached = partitionCache.get(cluster.id);
    if (cached && Date.now() - cached.at < partitionsTtlMs) return cached.names;
    const names = partitions.known(cluster).then((list) => list.filter((p) => p.discovered).map((p) => p.name));
    partitionCache.set(cluster.id, { at: Date.now(), names });
    names.catch(() => partitionCache.delete(cluster.id));
    return names;
  }

  async function clusterByName(name: string, field: string): Promise<ClusterRow> {
    const row = await clusters.rowByName(name);
    if (!row) throw new AppError(Code.notFound, `cluster ${name} not found`, { fields: [{ path: field, message: 'no such cluster' }] });
    return row;
  }

  async function storageOf(cluster: ClusterRow, name: string, field: string): Promise<StorageRow> {
    const row = await repo.byName(cluster.id, name);
    if (!row) throw new AppError(Code.notFound, `storage ${name} not found on cluster ${cluster.name}`, { fields: [{ path: field, message: 'no such storage' }] });
    return row;
  }

  async function offeredIds(cluster: ClusterRow, rows: StorageRow[]): Promise<Set<number>> {
    const mine = rows.filter((s) => s.clusterId === cluster.id);
    const names = await partitionNames(cluster).catch(() => [] as string[]);
    const relations = await repo.relations();
    return new Set(
      mine
        .filter((s) => {
          const related = new Set(relations.filter((r) => r.storageId === s.id).map((r) => r.partitionName));
          return names.every((n) => related.has(n));
        })
        .map((s) => s.id),
    );
  }

  async function toFilesystems(rows: StorageRow[]): Promise<Filesystem[]> {
    const clusterRows = await clusters.allRows();
    const relations = await repo.relations();
    const offered = new Set<number>();
    for (const c of clusterRows) for (const id of await offeredIds(c, rows)) offered.add(id);
    return rows.flatMap((s) => {
      const cluster = clusterRows.find((c) => c.id === s.clusterId);
      if (!cluster) return [];
      return [
        {
          id: s.id,
          name: s.name,
          cluster_name: cluster.name,
          driver: s.driver,
          root: s.root,
          description: s.description,
          partitions: relations.filter((r) => r.storageId === s.id).map((r) => r.partitionName),
          offered: offered.has(s.id),
          created_at: s.createdAt.toISOString(),
          updated_at: s.updatedAt.toISOString(),
        },
      ];
    });
  }

  function checkDriver(cluster: ClusterRow, driver: StorageRow['driver'], root: string): void {
    if (cluster.driver === 'k8s') throw invalid('body.cluster_name', 'kubernetes clusters have no file storages here');
    const expected = cluster.driver === 'local' ? 'local' : 'ssh';
    if (driver !== expected) throw invalid('body.driver', `a ${cluster.driver} cluster's storages use the ${expected} driver`);
    // local roots live under the data directory: a bare /{account} would mix homes with the server's own files
    if (driver === 'local' && root.indexOf('{account}') < 2) throw invalid('body.root', 'a local root needs a directory before {account}, e.g. /homes/{account}');
  }

  /**
   * Roots on one cluster must not nest: with /x/{account} and /x/a_b_c/{account}, account a_b_c's first root
   * would hold everyone's second. Equal prefixes (/homes/{account}, /homes/{account}/data) are one account's.
   */
  async function checkNesting(cluster: ClusterRow, root: string, exceptId?: number): Promise<void> {
    const prefix = (t: string): string => t.slice(0, t.indexOf('{account}'));
    const mine = prefix(root);
    for (const other of await repo.all()) {
      if (other.clusterId !== cluster.id || other.id === exceptId) continue;
      const theirs = prefix(other.root);
      if (theirs !== mine && (theirs.startsWith(mine) || mine.startsWith(theirs)))
        throw invalid('body.root', `nests with the root of storage ${other.name} (${other.root})`);
    }
  }

  const service = {
    async ensureDefault(): Promise<void> {
      const cluster = await clusters.rowByName(defaultStorage.cluster);
      if (!cluster || cluster.driver !== 'local' || (await repo.all()).some((s) => s.clusterId === cluster.id)) return;
      const row = await repo.insert({ clusterId: cluster.id, name: defaultStorage.name, driver: 'local', root: defaultStorage.root, description: 'Home directories' });
      if (!row) return;
      for (const name of await partitionNames(cluster).catch(() => [] as string[])) await repo.relate(row.id, name);
    },

    async filesystems(clusterName?: string): Promise<Filesystem[]> {
      const cluster = clusterName ? await clusterByName(clusterName, 'querystring.cluster_name') : undefined;
      const rows = (await repo.all()).filter((s) => !cluster || s.clusterId === cluster.id);
      return toFilesystems(rows);
    },

    async create(input: FilesystemInput): Promise<Filesystem> {
      const cluster = await clusterByName(input.cluster_name, 'body.cluster_name');
      checkDriver(cluster, input.driver, input.root);
      await checkNesting(cluster, input.root);
      const row = await repo.insert({ clusterId: cluster.id, name: input.name, driver: input.driver, root: input.root, description: input.description });
      if (!row) throw new AppError(Code.conflict, `cluster ${cluster.name} already has a storage named ${input.name}`);
      return (await toFilesystems([row]))[0]!;
    },

    async update(id: number, patch: FilesystemPatch): Promise<Filesystem> {
      const row = await repo.get(id);
      if (!row) throw notFound('storage');
      const cluster = await clusters.rowById(row.clusterId);
      if (!cluster) throw notFound('cluster');
      if (patch.root) {
        checkDriver(cluster, row.driver, patch.root);
        await checkNesting(cluster, patch.root, row.id);
      }
      const updated = await repo.update(id, patch);
      if (!updated) throw notFound('storage');
      return (await toFilesystems([updated]))[0]!;
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('storage');
      await drivers.forget(id);
    },

    async relations(filter: { cluster_name?: string | undefined; partition_name?: string | undefined; storage_name?: string | undefined }): Promise<PartStoRel[]> {
      const [rows, clusterRows, relations] = await Promise.all([repo.all(), clusters.allRows(), repo.relations()]);
      return relations.flatMap((r) => {
        const storage = rows.find((s) => s.id === r.storageId);
        const cluster = clusterRows.find((c) => c.id === storage?.clusterId);
        if (!storage || !cluster) return [];
        const rel = { cluster_name: cluster.name, partition_name: r.partitionName, storage_name: storage.name };
        const keep =
          (!filter.cluster_name || filter.cluster_name === rel.cluster_name) &&
          (!filter.partition_name || filter.partition_name === rel.partition_name) &&
          (!filter.storage_name || filter.storage_name === rel.storage_name);
        return keep ? [rel] : [];
      });
    },

    async relate(input: PartStoRelInput, where: 'body' | 'querystring' = 'body'): Promise<PartStoRel> {
      const cluster = await clusterByName(input.cluster_name, `${where}.cluster_name`);
      const storage = await storageOf(cluster, input.storage_name, `${where}.storage_name`);
      const names = await partitionNames(cluster).catch(() => [] as string[]);
      if (!names.includes(input.partition_name))
        throw new AppError(Code.notFound, `partition ${input.partition_name} not found on cluster ${cluster.name}`, {
          fields: [{ path: `${where}.partition_name`, message: 'no such partition' }],
        });
      if (!(await repo.relate(storage.id, input.partition_name)))
        throw new AppError(Code.conflict, `storage ${storage.name} is already related to partition ${input.partition_name}`);
      return { cluster_name: cluster.name, partition_name: input.partition_name, storage_name: storage.name };
    },

    async unrelate(input: PartStoRelInput): Promise<void> {
      const cluster = await clusterByName(input.cluster_name, 'querystring.cluster_name');
      const storage = await storageOf(cluster, input.storage_name, 'querystring.storage_name');
      if (!(await repo.unrelate(storage.id, input.partition_name))) throw notFound('partition-to-storage relation');
    },

    /** The storages offered (§5) on enabled hpc clusters, optionally one cluster's; the default first. */
    async offered(clusterName?: string): Promise<{ storage: StorageRow; cluster: ClusterRow; isDefault: boolean }[]> {
      const enabled = (await clusters.enabledHpcRows()).filter((c) => !clusterName || c.name === clusterName);
      if (clusterName && enabled.length === 0) await clusterByName(clusterName, 'querystring.cluster');
      const rows = await repo.all();
      const defaultId = (await service.defaultRow())?.storage.id;
      const result: { storage: StorageRow; cluster: ClusterRow; isDefault: boolean }[] = [];
      for (const cluster of enabled) {
        const ids = await offeredIds(cluster, rows);
        for (const s of rows) if (ids.has(s.id)) result.push({ storage: s, cluster, isDefault: s.id === defaultId });
      }
      return result.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },

    /** The storage file calls use without a target: `home` on the embedded cluster, when it exists. */
    async defaultRow(): Promise<{ storage: StorageRow; cluster: ClusterRow } | null> {
      const cluster = await clusters.rowByName(defaultStorage.cluster);
      if (!cluster || cluster.driver !== 'local') return null;
      const storage = await repo.byName(cluster.id, defaultStorage.name);
      return storage ? { storage, cluster } : null;
    },

    /**
     * The storage a file call names (query `cluster`, `storage`): it must exist, its cluster be enabled,
     * and it be offered there (§5). `storage` alone is looked up on every cluster; `cluster` alone takes
     * that cluster's first offered storage. Null target: null (the caller keeps its default).
     */
    async at(target: StorageTarget): Promise<StorageAt | null> {
      if (!target.cluster && !target.storage) {
        const d = await service.defaultRow();
        return d ? { ...d, driver: await drivers.driverOf(d.storage, d.cluster) } : null;
      }
      let cluster: ClusterRow | undefined;
      if (target.cluster) cluster = await clusterByName(target.cluster, 'querystring.cluster');
      else {
        const rows = (await repo.all()).filter((s) => s.name === target.storage);
        if (rows.length === 0) throw new AppError(Code.notFound, `storage ${target.storage} not found`, { fields: [{ path: 'querystring.storage', message: 'no such storage' }] });
        if (rows.length > 1) throw invalid('querystring.cluster', `several clusters have a storage named ${target.storage}: name the cluster`);
        cluster = await clusters.rowById(rows[0]!.clusterId);
        if (!cluster) throw notFound('cluster');
      }
      if (!cluster.enabled || cluster.kind !== 'hpc') throw new AppError(Code.forbidden, `cluster ${cluster.name} is not available`);
      const all = await repo.all();
      const offered = await offeredIds(cluster, all);
      const storage = target.storage ? await storageOf(cluster, target.storage, 'querystring.storage') : all.find((s) => offered.has(s.id));
      if (!storage) throw new AppError(Code.notFound, `cluster ${cluster.name} offers no storage`);
      if (!offered.has(storage.id))
        throw new AppError(Code.forbidden, `storage ${storage.name} is not offered on cluster ${cluster.name}: it is not related to every partition of it`);
      return { storage, cluster, driver: await drivers.driverOf(storage, cluster) };
    },

    byClusterAndName: async (clusterName: string, storageName: string, where: string): Promise<{ storage: StorageRow; cluster: ClusterRow }> => {
      const cluster = await clusterByName(clusterName, `${where}.cluster`);
      return { storage: await storageOf(cluster, storageName, `${where}.storage`), cluster };
    },
    allRows: () => repo.all(),
    /** Every storage with its cluster (quota views list them all, offered or not). */
    async located(): Promise<{ storage: StorageRow; cluster: ClusterRow }[]> {
      const clusterRows = await clusters.allRows();
      return (await repo.all()).flatMap((storage) => {
        const cluster = clusterRows.find((c) => c.id === storage.clusterId);
        return cluster ? [{ storage, cluster }] : [];
      });
    },
    driverOf: (storage: StorageRow, cluster: ClusterRow) => drivers.driverOf(storage, cluster),
    /** Forget cached partitions (tests; after an administrator changes them). */
    refreshPartitions: (): void => partitionCache.clear(),
  };
  return service;
}

export type StoragesService = ReturnType<typeof createStoragesService>;
