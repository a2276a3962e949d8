import type { ClustersService } from '../clusters/clusters.service';
import type { AccessService } from './access.service';
import type { QuotaUser, QuotasRepo } from './quotas.repo';

export interface SlurmSyncDeps {
  repo: QuotasRepo;
  clusters: ClustersService;
  access: AccessService;
  log?: (error: unknown, context: string) => void;
}

/**
 * Makes the clusters enforce the grants too: for every bound user touched by a change, each enabled
 * cluster whose driver can (`setPartitionAccess`: Slurm) gets exactly one association per partition
 * the user may use, under the cluster's `default_account`. Failures come back as warnings (the
 * record is already written and the console's own check holds); they are logged as well.
 */
export function createSlurmSync({ repo, clusters, access, log = () => undefined }: SlurmSyncDeps) {
  async function syncUsers(users: readonly QuotaUser[]): Promise<string[]> {
    const bound = users.filter((u) => u.systemAccount !== null);
    if (bound.length === 0) return [];
    const warnings: string[] = [];
    const targets = (await clusters.enabledHpcRows()).filter((c) => c.driver === 'slurm');
    for (const cluster of targets) {
      const driver = await clusters.scheduler(cluster).catch((error: unknown) => {
        warnings.push(`${cluster.name}: ${(error as Error).message}`);
        return null;
      });
      if (!driver?.setPartitionAccess) continue;
      const chargeAccount = typeof cluster.settings.default_account === 'string' ? cluster.settings.default_account : null;
      if (!chargeAccount) {
        warnings.push(`${cluster.name}: no default_account is set, so its Slurm associations were not changed`);
        continue;
      }
      for (const user of bound) {
        const partitions = (await access.usableFor(user)).filter((p) => p.cluster_id === cluster.id).map((p) => p.name);
        try {
          await driver.setPartitionAccess(user.systemAccount!, { chargeAccount, partitions });
        } catch (error) {
          log(error, `setting the Slurm associations of ${user.systemAccount} on cluster ${cluster.name}`);
          warnings.push(`${cluster.name}: ${user.systemAccount}: ${(error as Error).message}`);
        }
      }
    }
    return warnings;
  }

  return {
    syncUsers,
    /** The bound users a grant of this group reaches (null: every group, so every bound user). */
    async syncGroup(groupId: number | null): Promise<string[]> {
      return syncUsers(await repo.usersOf({ groupIds: groupId === null ? undefined : [groupId], boundOnly: true }));
    },
    /** After a binding: the new account gets the associations of the user's grants. */
    async syncUser(userId: number): Promise<string[]> {
      const user = await repo.userById(userId);
      return user ? syncUsers([user]) : [];
    },
  };
}

export type SlurmSync = ReturnType<typeof createSlurmSync>;
