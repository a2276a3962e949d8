import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { NetworkPolicy, NetworkPolicyCreateInput } from '@starlight/contract/cluster-access';
import { AppError, notFound } from '../../lib/app-error';
import type { ClustersService } from './clusters.service';
import type { NetworkPolicyFilter, NetworkPolicyRepo, NetworkPolicyRow } from './network-policy.repo';

export interface NetworkPolicyDeps {
  repo: NetworkPolicyRepo;
  clusters: ClustersService;
  findUserId: (userName: string) => Promise<number | null>;
}

const invalid = (field: string, message: string): AppError =>
  new AppError(Code.invalidInput, `${field}: ${message}`, { fields: [{ path: `body.${field}`, message }] });

const toPolicy = (row: NetworkPolicyRow): NetworkPolicy => ({
  id: row.id,
  cluster: row.cluster,
  cluster_kind: row.clusterKind,
  user: row.user,
  fork_from: row.forkFrom,
  allowed_sources: row.allowedSources,
  description: row.description,
  created_at: row.createdAt.toISOString(),
});

/** `::ffff:10.1.2.3` (an IPv4 client on a dual-stack socket) is matched as 10.1.2.3. */
const plainAddress = (ip: string): string => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

export function sourceAllowed(allowedSources: readonly string[], ip: string): boolean {
  const address = plainAddress(ip);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const cidr of allowedSources) {
    const [net = '', prefix = ''] = cidr.split('/');
    list.addSubnet(net, Number(prefix), isIPv4(net) ? 'ipv4' : 'ipv6');
  }
  return list.check(address, family);
}

/**
 * Network policies (spec §3, §7): which user may reach which cluster's network. On HPC clusters a policy
 * limits where that user's web shell sessions may come from; a user without a policy is not limited.
 */
export function createNetworkPolicyService({ repo, clusters, findUserId }: NetworkPolicyDeps) {
  return {
    async list(filter: NetworkPolicyFilter, page: number, pageSize: number): Promise<List<NetworkPolicy>> {
      const { rows, total } = await repo.page(filter, (page - 1) * pageSize, pageSize);
      return { list: rows.map(toPolicy), total };
    },

    async get(id: number): Promise<NetworkPolicy> {
      const row = await repo.get(id);
      if (!row) throw notFound('network policy');
      return toPolicy(row);
    },

    async create(input: NetworkPolicyCreateInput): Promise<NetworkPolicy> {
      const cluster = await clusters.rowByName(input.cluster);
      if (!cluster) throw invalid('cluster', 'no such cluster');
      const userId = await findUserId(input.user);
      if (userId === null) throw invalid('user', 'no such user');
      let allowedSources = input.allowed_sources ?? [];
      if (input.forkFrom !== undefined) {
        const fromId = await findUserId(input.forkFrom);
        if (fromId === null) throw invalid('forkFrom', 'no such user');
        const source = await repo.of(cluster.id, fromId);
        if (!source) throw invalid('forkFrom', `${input.forkFrom} has no policy on cluster ${cluster.name}`);
        allowedSources = source.allowedSources;
      }
      const id = await repo.insert({
        clusterId: cluster.id,
        userId,
        forkFrom: input.forkFrom ?? null,
        allowedSources: [...new Set(allowedSources)],
        description: input.description,
      });
      if (id === undefined) throw new AppError(Code.conflict, `${input.user} already has a network policy on cluster ${cluster.name}`);
      return this.get(id);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('network policy');
    },

    /** For the web shell: may this user, coming from `ip`, reach the cluster? */
    async allows(clusterId: number, userId: number, ip: string): Promise<boolean> {
      const policy = await repo.of(clusterId, userId);
      return !policy || sourceAllowed(policy.allowedSources, ip);
    },
  };
}

export type NetworkPolicyService = ReturnType<typeof createNetworkPolicyService>;
