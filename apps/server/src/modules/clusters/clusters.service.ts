import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { Cluster, ClusterCreateInput, ClusterListQuery, ClusterPatchInput } from '@starlight/contract/hpc';
import { AppError, notFound } from '../../lib/app-error';
import { checkSettingsFor, mergeSecrets, publicSettings, readSettings } from './cluster-settings';
import type { ClusterDrivers } from './cluster-drivers.service';
import type { ClusterRow, ClustersRepo } from './clusters.repo';

/** Other modules name a cluster's row through the service, never the repo. */
export type { ClusterRow } from './clusters.repo';

/** The embedded default, created on an empty table so a fresh install can bind and submit at once. */
export const defaultClusterName = 'local';

export const toCluster = (row: ClusterRow): Cluster => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  driver: row.driver,
  enabled: row.enabled,
  settings: publicSettings(readSettings(row.name, row.settings)),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

function checkKindAndDriver(kind: 'hpc' | 'k8s', driver: 'local' | 'slurm' | 'k8s'): void {
  if ((kind === 'k8s') !== (driver === 'k8s'))
    throw new AppError(Code.invalidInput, 'a k8s cluster uses the k8s driver, an hpc cluster local or slurm', {
      fields: [{ path: 'body.driver', message: 'does not match kind' }],
    });
}

/** Cluster records (administrators) and the clusters other modules work on, with their drivers. */
export function createClustersService({ repo, drivers }: { repo: ClustersRepo; drivers: ClusterDrivers }) {
  async function rowOf(id: number): Promise<ClusterRow> {
    const row = await repo.get(id);
    if (!row) throw notFound('cluster');
    return row;
  }

  return {
    async ensureDefault(): Promise<void> {
      if ((await repo.count()) === 0) await repo.insert({ name: defaultClusterName, kind: 'hpc', driver: 'local', settings: {} });
    },

    async list(query: ClusterListQuery): Promise<List<Cluster>> {
      const { rows, total } = await repo.page(
        { kind: query.field_eq_kind, nameContains: query.field_lk_name },
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      return { list: rows.map(toCluster), total };
    },

    get: async (id: number): Promise<Cluster> => toCluster(await rowOf(id)),

    async create(input: ClusterCreateInput): Promise<Cluster> {
      checkKindAndDriver(input.kind, input.driver);
      checkSettingsFor(input.driver, input.settings);
      // one embedded queue per data directory: a second would run the same store's jobs twice
      if (input.driver === 'local' && (await repo.all()).some((c) => c.driver === 'local'))
        throw new AppError(Code.conflict, 'there is already a local cluster: the embedded queue exists once');
      const row = await repo.insert({ ...input, settings: input.settings });
      if (!row) throw new AppError(Code.conflict, `a cluster named ${input.name} exists`);
      return toCluster(row);
    },

    async update(id: number, patch: ClusterPatchInput): Promise<Cluster> {
      const row = await rowOf(id);
      const settings = patch.settings ? mergeSecrets(readSettings(row.name, row.settings), patch.settings) : undefined;
      if (settings) checkSettingsFor(row.driver, settings);
      const updated = await repo.update(id, { enabled: patch.enabled, settings });
      if (!updated) throw notFound('cluster');
      return toCluster(updated);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('cluster');
      await drivers.forget(id);
    },

    /** For other modules: rows, not replies (they hold settings with secrets' locations). */
    rowByName: (name: string): Promise<ClusterRow | undefined> => repo.getByName(name),
    rowById: (id: number): Promise<ClusterRow | undefined> => repo.get(id),
    enabledHpcRows: async (): Promise<ClusterRow[]> => (await repo.all()).filter((c) => c.enabled && c.kind === 'hpc'),
    allRows: (): Promise<ClusterRow[]> => repo.all(),
    scheduler: (cluster: ClusterRow) => drivers.scheduler(cluster),
    files: (cluster: ClusterRow) => drivers.files(cluster),
    kubernetes: (cluster: ClusterRow) => drivers.kubernetes(cluster),
    partitionRow: (id: number) => repo.partition(id),
    /** The stored settings, secrets' locations included: for server-side use only, never a reply. */
    settingsOf: (cluster: ClusterRow) => readSettings(cluster.name, cluster.settings),
  };
}

export type ClustersService = ReturnType<typeof createClustersService>;
