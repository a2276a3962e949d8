import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { networkPolicies } from '../../db/schema/cluster-access';
import { clusters } from '../../db/schema/hpc';
import { users } from '../../db/schema/identity';

export interface NetworkPolicyRow {
  id: number;
  clusterId: number;
  cluster: string;
  clusterKind: 'hpc' | 'k8s';
  userId: number;
  user: string;
  forkFrom: string | null;
  allowedSources: string[];
  description: string;
  createdAt: Date;
}

export interface NetworkPolicyFilter {
  cluster?: string;
  user?: string;
}

const columns = {
  id: networkPolicies.id,
  clusterId: networkPolicies.clusterId,
  cluster: clusters.name,
  clusterKind: clusters.kind,
  userId: networkPolicies.userId,
  user: users.userName,
  forkFrom: networkPolicies.forkFrom,
  allowedSources: networkPolicies.allowedSources,
  description: networkPolicies.description,
  createdAt: networkPolicies.createdAt,
};

/** Network policies with their cluster's and user's names. */
export function createNetworkPolicyRepo(db: Database) {
  const joined = () =>
    db.select(columns).from(networkPolicies).innerJoin(clusters, eq(clusters.id, networkPolicies.clusterId)).innerJoin(users, eq(users.id, networkPolicies.userId));
  const where = (f: NetworkPolicyFilter): SQL | undefined =>
    and(f.cluster ? eq(clusters.name, f.cluster) : undefined, f.user ? eq(users.userName, f.user) : undefined);

  return {
    async get(id: number): Promise<NetworkPolicyRow | undefined> {
      const [row] = await joined().where(eq(networkPolicies.id, id));
      return row;
    },

    async of(clusterId: number, userId: number): Promise<NetworkPolicyRow | undefined> {
      const [row] = await joined().where(and(eq(networkPolicies.clusterId, clusterId), eq(networkPolicies.userId, userId)));
      return row;
    },

    async page(filter: NetworkPolicyFilter, offset: number, limit: number): Promise<{ rows: NetworkPolicyRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        joined().where(where(filter)).orderBy(asc(networkPolicies.id)).offset(offset).limit(limit),
        db
          .select({ n: count() })
          .from(networkPolicies)
          .innerJoin(clusters, eq(clusters.id, networkPolicies.clusterId))
          .innerJoin(users, eq(users.id, networkPolicies.userId))
          .where(where(filter)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Undefined when the user already has a policy on the cluster. */
    async insert(values: typeof networkPolicies.$inferInsert): Promise<number | undefined> {
      const [row] = await db.insert(networkPolicies).values(values).onConflictDoNothing().returning({ id: networkPolicies.id });
      return row?.id;
    },

    async remove(id: number): Promise<boolean> {
      return (await db.delete(networkPolicies).where(eq(networkPolicies.id, id)).returning({ id: networkPolicies.id })).length > 0;
    },
  };
}

export type NetworkPolicyRepo = ReturnType<typeof createNetworkPolicyRepo>;
