import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { PartitionsService } from '../clusters/partitions.service';
import type { AccessService } from './access.service';
import type { GrantsService } from './grants.service';
import type { QuotaNotices } from './quota-notices';
import { createQuotasRepo } from './quotas.repo';
import type { SlurmSync } from './slurm-sync.service';

/** What must run once the transaction that wrote the grant has committed (Slurm, notices). */
export type AfterCommit = () => Promise<void>;

/**
 * Partition grants written by an approval (issue 11), inside the caller's transaction so the grant and
 * the application's final state commit together. Slurm learns of it and the group is told after the
 * commit (`AfterCommit`): a rolled-back approval never reaches the cluster.
 */
export function createApplicationGrants({
  grants,
  sync,
  notices,
  partitions,
  access,
  now = () => new Date(),
}: {
  grants: GrantsService;
  sync: SlurmSync;
  notices?: QuotaNotices;
  partitions: Pick<PartitionsService, 'open'>;
  access: Pick<AccessService, 'policy'>;
  now?: () => Date;
}) {
  const after = (groupId: number, where: string, what: 'grant' | 'grant_revoked'): AfterCommit => async () => {
    await sync.syncGroup(groupId);
    await notices?.group(groupId, { where, what });
  };

  return {
    /** Where "request access" is offered: every partition a user may see (not private), and whether they may use it now. */
    async requestable(actor: Actor): Promise<{ cluster_name: string; partition_name: string; usable: boolean }[]> {
      const open = await partitions.open();
      const usable = new Set((await access.policy.usableBy(actor, open)).map((u) => `${u.cluster.name}/${u.partition.name}`));
      return open.map((o) => ({ cluster_name: o.cluster.name, partition_name: o.partition.name, usable: usable.has(`${o.cluster.name}/${o.partition.name}`) }));
    },

    /**
     * Before the deciding transaction (reads through the module's own services): the partition, 1404
     * naming `body.payload.cluster_name` / `partition_name` when unknown. What it answers is written in
     * the transaction, which therefore reads nothing outside it (PGlite has one connection).
     */
    async resolve(clusterName: string, partitionName: string): Promise<ResolvedPartition> {
      const { cluster, name } = await grants.partitionByNames(clusterName, partitionName, { cluster: 'body.payload.cluster_name', partition: 'body.payload.partition_name' });
      return { clusterId: cluster.id, where: `${cluster.name}/${name}`, partitionName: name };
    },

    /** Grants (or changes and extends) the group's grant on the partition. */
    async grantIn(tx: Database, partition: ResolvedPartition, request: { groupId: number; maxCpus: number | null; expiresAt: Date | null }): Promise<AfterCommit> {
      const repo = createQuotasRepo(tx);
      const held = await repo.grantFor(partition.clusterId, partition.partitionName, request.groupId);
      const limits = { maxCpus: request.maxCpus, expiresAt: request.expiresAt };
      if (held) await repo.updateGrant(held.id, limits);
      else await repo.insertGrant({ clusterId: partition.clusterId, partitionName: partition.partitionName, groupId: request.groupId, ...limits, usageSince: now() });
      return after(request.groupId, partition.where, 'grant');
    },

    /** At the end of the approved period: the group's grant goes, unless it was extended past now since. */
    async revokeIn(tx: Database, partition: ResolvedPartition, groupId: number): Promise<AfterCommit | undefined> {
      const repo = createQuotasRepo(tx);
      const held = await repo.grantFor(partition.clusterId, partition.partitionName, groupId);
      if (!held || held.expiresAt === null || held.expiresAt > now()) return undefined;
      await repo.deleteGrant(held.id);
      return after(groupId, partition.where, 'grant_revoked');
    },
  };
}

export interface ResolvedPartition {
  clusterId: number;
  partitionName: string;
  where: string;
}

export type ApplicationGrants = ReturnType<typeof createApplicationGrants>;
