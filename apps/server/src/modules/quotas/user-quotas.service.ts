import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { UserQuota, UserQuotaChange, UserQuotaInput, UserQuotaListQuery } from '@starlight/contract/quotas';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { AccessService } from './access.service';
import type { GrantsService } from './grants.service';
import { limitColumns } from './grants.service';
import type { GrantRow, QuotaUser, QuotasRepo, UserQuotaRow } from './quotas.repo';
import { adminReadKeys, invalidField, type Scope } from './scope';
import type { SlurmSync } from './slurm-sync.service';
import type { QuotaNotices } from './quota-notices';
import type { Views } from './views';

export interface UserQuotasDeps {
  repo: QuotasRepo;
  grants: GrantsService;
  access: AccessService;
  views: Views;
  scope: Scope;
  sync: SlurmSync;
  notices?: QuotaNotices;
  now?: () => Date;
}

const gadminKey = 'query_partitions_user_quotas_ga' as const;

/**
 * User quotas (spec §3, §7): one user's place inside their group's grant on a partition — excluded
 * (`allowed: false`) or held to narrower limits. Limits above the grant's are refused (1400 naming
 * the field): a user quota narrows a grant, never widens it.
 */
export function createUserQuotasService({ repo, grants, access, views, scope, sync, notices, now = () => new Date() }: UserQuotasDeps) {
  /** The grant reaching this user on the partition (the group's own before every-group), or 1400. */
  async function grantFor(user: QuotaUser, clusterId: number, partition: string): Promise<GrantRow> {
    const own = user.groupId === null ? undefined : await repo.grantFor(clusterId, partition, user.groupId);
    const grant = own ?? (await repo.grantFor(clusterId, partition, null));
    if (!grant || !access.live(grant))
      throw invalidField('params.user', `${user.groupName ?? 'a user without a group'} holds no grant for partition ${partition}`);
    return grant;
  }

  /** A user quota only narrows: a value above the grant's is refused; null (nothing narrower) is fine, the grant still applies. */
  function checkWithin(grant: GrantRow, input: UserQuotaInput): void {
    const over = (value: number | null | undefined, cap: number | null) => cap !== null && value !== undefined && value !== null && value > cap;
    if (over(input.max_cpus, grant.maxCpus)) throw invalidField('body.max_cpus', `the group's grant allows at most ${grant.maxCpus} CPUs`);
    if (over(input.max_time_minutes, grant.maxTimeMinutes))
      throw invalidField('body.max_time_minutes', `the group's grant allows at most ${grant.maxTimeMinutes} minutes`);
    if (over(input.cpu_seconds_limit, grant.cpuSecondsLimit))
      throw invalidField('body.cpu_seconds_limit', `the group's grant allows at most ${grant.cpuSecondsLimit} core-seconds`);
    if (input.expires_at !== undefined && input.expires_at !== null && grant.expiresAt && new Date(input.expires_at) > grant.expiresAt)
      throw invalidField('body.expires_at', `the group's grant ends at ${grant.expiresAt.toISOString()}`);
  }

  async function write(partitionId: number, userName: string, input: UserQuotaInput, mode: 'create' | 'update' | 'upsert'): Promise<UserQuotaChange> {
    const { cluster, name } = await grants.partitionById(partitionId);
    const user = await scope.userNamed(userName);
    const grant = await grantFor(user, cluster.id, name);
    checkWithin(grant, input);
    const held = await repo.userQuotaFor(cluster.id, name, user.id);
    if (held && mode === 'create') throw new AppError(Code.conflict, `${userName} already has a quota on partition ${name}; change it instead`);
    if (!held && mode === 'update') throw notFound('user quota');
    const values = {
      ...limitColumns(input),
      ...(input.allowed !== undefined ? { allowed: input.allowed } : {}),
      ...(input.reset_usage ? { usageSince: now() } : {}),
    };
    const row = held
      ? await repo.updateUserQuota(held.id, values)
      : await repo.insertUserQuota({ clusterId: cluster.id, partitionName: name, userId: user.id, usageSince: now(), ...values });
    if (!row) throw new AppError(Code.conflict, `${userName} already has a quota on partition ${name}`);
    const warnings = await sync.syncUsers([user]);
    await notices?.users([user.id], { where: `${cluster.name}/${name}`, what: 'user_quota' });
    return { quota: (await views.userQuotas([row]))[0]!, warnings };
  }

  async function filtered(rows: UserQuotaRow[], query: UserQuotaListQuery): Promise<List<UserQuota>> {
    const needle = query.field_lk_user_name?.toLowerCase();
    const all = (await views.userQuotas(rows)).filter(
      (q) =>
        (!query.field_eq_cluster_name || q.cluster_name === query.field_eq_cluster_name) &&
        (!query.field_eq_partition_name || q.partition_name === query.field_eq_partition_name) &&
        (query.field_eq_group_id === undefined || (q.group_id ?? 0) === query.field_eq_group_id) &&
        (!needle || q.user_name.toLowerCase().includes(needle)),
    );
    return { list: all.slice((query.page - 1) * query.page_size, query.page * query.page_size), total: all.length };
  }

  return {
    create: (partitionId: number, userName: string, input: UserQuotaInput) => write(partitionId, userName, input, 'create'),
    update: (partitionId: number, userName: string, input: UserQuotaInput) => write(partitionId, userName, input, 'update'),

    /** PATCH …/userquotasGAdmin/{user}: only for members of a group the caller administers; creates when absent. */
    async updateAsGroupAdmin(actor: Actor, partitionId: number, userName: string, input: UserQuotaInput): Promise<UserQuotaChange> {
      const user = await scope.userNamed(userName);
      if (user.groupId === null || !(await scope.managedGroups(actor, gadminKey)).includes(user.groupId)) throw forbidden();
      return write(partitionId, userName, input, 'upsert');
    },

    listAdmin: async (query: UserQuotaListQuery) => filtered(await repo.allUserQuotas(), query),

    /** The quotas of the members of the groups the caller administers. */
    async listGroupAdmin(actor: Actor, query: UserQuotaListQuery): Promise<List<UserQuota>> {
      const groupIds = await scope.managedGroups(actor, gadminKey);
      const members = await repo.usersOf({ groupIds });
      return filtered(await repo.allUserQuotas(members.map((m) => m.id)), query);
    },

    listMine: async (actor: Actor, query: UserQuotaListQuery) => filtered(await repo.allUserQuotas([actor.userId]), query),

    /** GET …/userquotas/user/{name}: self, that user's group admin, or an admin. */
    async ofUser(actor: Actor, userName: string): Promise<UserQuota[]> {
      const user = await scope.userNamed(userName);
      await scope.assertMayRead(actor, user, adminReadKeys, gadminKey);
      return views.userQuotas(await repo.allUserQuotas([user.id]));
    },
  };
}

export type UserQuotasService = ReturnType<typeof createUserQuotasService>;
