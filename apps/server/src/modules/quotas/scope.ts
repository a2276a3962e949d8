import { Code } from '@starlight/contract/codes';
import type { PermissionKey } from '@starlight/contract/permissions';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { QuotaUser, QuotasRepo } from './quotas.repo';

/** Platform keys that read every grant and quota (the Admin family, spec §6). */
export const adminReadKeys: PermissionKey[] = ['kcluster_clusters_admin', 'query_partitions_admin', 'kcluster_cluster_user'];
/** Platform keys that change grants and quotas. */
export const adminWriteKeys: PermissionKey[] = ['kcluster_clusters_admin'];

export const holdsAny = (actor: Actor, keys: readonly PermissionKey[]): boolean => keys.some((key) => actor.permissions.includes(key));

export const invalidField = (path: string, info: string): AppError => new AppError(Code.invalidInput, info, { fields: [{ path, message: info }] });

/**
 * Who may see or change whose quotas: the Admin family anyone's; the GAdmin family (the given key
 * plus administering THAT group) its members'; everybody else only their own.
 */
export function createScope(repo: QuotasRepo) {
  async function managedGroups(actor: Actor, gadminKey: PermissionKey): Promise<number[]> {
    return actor.permissions.includes(gadminKey) ? repo.administeredGroupIds(actor.userId) : [];
  }

  return {
    managedGroups,

    async me(actor: Actor): Promise<QuotaUser> {
      const user = await repo.userById(actor.userId);
      if (!user) throw notFound('user');
      return user;
    },

    async userNamed(name: string): Promise<QuotaUser> {
      const user = await repo.userByName(name);
      if (!user) throw notFound('user');
      return user;
    },

    async userWithId(id: number): Promise<QuotaUser> {
      const user = await repo.userById(id);
      if (!user) throw notFound('user');
      return user;
    },

    /** Throws 1403 unless the actor is the user, an admin (readKeys), or the admin of the user's group. */
    async assertMayRead(actor: Actor, user: QuotaUser, readKeys: readonly PermissionKey[], gadminKey: PermissionKey): Promise<void> {
      if (user.id === actor.userId || holdsAny(actor, readKeys)) return;
      if (user.groupId !== null && (await managedGroups(actor, gadminKey)).includes(user.groupId)) return;
      throw forbidden();
    },

    /** Throws 1403 unless the actor administers this group (with the key) or holds a read key. */
    async assertMayReadGroup(actor: Actor, groupId: number, readKeys: readonly PermissionKey[], gadminKey: PermissionKey): Promise<void> {
      if (holdsAny(actor, readKeys)) return;
      if ((await managedGroups(actor, gadminKey)).includes(groupId)) return;
      throw forbidden();
    },
  };
}

export type Scope = ReturnType<typeof createScope>;
