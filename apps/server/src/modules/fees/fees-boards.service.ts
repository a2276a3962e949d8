import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type {
  CommunitySummary,
  CommunityUsage,
  CommunityUsageQuery,
  CostLog,
  CostLogQuery,
  GroupCpuHours,
  MemberUsage,
  MemberUsageQuery,
  Snap,
  SnapQuery,
  UsageDay,
  UsageRangeQuery,
  UserCpuHours,
} from '@starlight/contract/fees';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden } from '../../lib/app-error';
import type { AllocationView } from './allocations.view';
import type { FeeStatusService } from './fee-status.service';
import type { FeesRepo, UsageFilter } from './fees.repo';
import type { PeopleRepo } from './people.repo';

const dayMs = 24 * 3600_000;
const holds = (actor: Actor, ...keys: string[]): boolean => keys.some((k) => (actor.permissions as readonly string[]).includes(k));

/** Inclusive UTC days → [from, to) times; default: the last 30 days up to today. */
export function rangeOf(query: { from?: string; to?: string }, now: Date): { from: Date; to: Date; fromDay: string; toDay: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : today;
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(to.getTime() - 29 * dayMs);
  if (from > to) throw new AppError(Code.invalidInput, 'from is after to', { fields: [{ path: 'querystring.from', message: 'after to' }] });
  return { from, to: new Date(to.getTime() + dayMs), fromDay: from.toISOString().slice(0, 10), toDay: to.toISOString().slice(0, 10) };
}

const dayView = (d: { day: string; clusterName: string; coreSeconds: number; cpuSeconds: number; gpuSeconds: number; cost: number; jobs: number }): UsageDay => ({
  day: d.day,
  cluster_name: d.clusterName,
  core_seconds: d.coreSeconds,
  cpu_seconds: d.cpuSeconds,
  gpu_seconds: d.gpuSeconds,
  cost: d.cost,
  jobs: d.jobs,
});

/** What users, group administrators and community administrators read (spec §2 user-center boards). */
export function createFeesBoardsService({ repo, people, allocations, status, now = () => new Date() }: { repo: FeesRepo; people: PeopleRepo; allocations: AllocationView; status: FeeStatusService; now?: () => Date }) {
  /** Group administrators read their groups; platform readers (query_all_user) any group. */
  async function readableGroup(actor: Actor, groupId?: number): Promise<{ id: number; name: string }> {
    const administered = await people.administeredGroupIds(actor.userId);
    const id = groupId ?? administered[0];
    if (id === undefined) throw new AppError(Code.notFound, 'you administer no group', { fields: [{ path: 'querystring.group_id', message: 'no group' }] });
    const group = await people.groupById(id);
    if (!group) throw new AppError(Code.notFound, 'group not found', { fields: [{ path: 'params.id', message: 'no such group' }] });
    if (!administered.includes(id) && !holds(actor, 'query_all_user')) throw forbidden();
    return group;
  }

  /** Community administrators read their own communities only; query_all_user any. */
  async function readableCommunity(actor: Actor, name: string): Promise<{ id: number; name: string }> {
    const community = await people.communityByName(name);
    if (!community) throw new AppError(Code.notFound, 'community not found', { fields: [{ path: 'params.communityName', message: 'no such community' }] });
    if (holds(actor, 'query_all_user')) return community;
    if (!(await people.administeredCommunities(actor.userId)).some((c) => c.id === community.id)) throw forbidden();
    return community;
  }

  async function activeView(scope: 'user' | 'group' | 'community', targetId: number) {
    const row = (await repo.activeFor([{ scope, targetId }], now()))[0];
    return row ? allocations.view(row) : null;
  }

  async function communityUsage(actor: Actor, name: string, query: CommunityUsageQuery): Promise<CommunityUsage> {
    const community = await readableCommunity(actor, name);
    const range = rangeOf(query, now());
    const filter: UsageFilter = { communityId: community.id, from: range.from, to: range.to };
    const groups = await people.groupsOfCommunity(community.id, { limit: query.page_size, offset: (query.page - 1) * query.page_size });
    const ids = groups.list.map((g) => g.id);
    const usage = await repo.byGroup(ids, { from: range.from, to: range.to });
    const members = await people.memberCounts(ids);
    const totals = await repo.totals(filter);
    return {
      community_id: community.id,
      community_name: community.name,
      from: range.fromDay,
      to: range.toDay,
      core_seconds: totals.coreSeconds,
      cost: totals.cost,
      allocation: await activeView('community', community.id),
      days: (await repo.days(filter)).map(dayView),
      groups: {
        total: groups.total,
        list: await Promise.all(
          groups.list.map(async (g) => ({
            group_id: g.id,
            group_name: g.name,
            members: members.get(g.id) ?? 0,
            core_seconds: usage.get(g.id)?.coreSeconds ?? 0,
            cost: usage.get(g.id)?.cost ?? 0,
            allocation: await activeView('group', g.id),
          })),
        ),
      },
    };
  }

  return {
    async userCpuHours(actor: Actor, query: UsageRangeQuery): Promise<UserCpuHours> {
      const range = rangeOf(query, now());
      const filter: UsageFilter = { userIds: [actor.userId], clusterName: query.cluster_name, from: range.from, to: range.to };
      const totals = await repo.totals(filter);
      return { user_name: actor.userName, from: range.fromDay, to: range.toDay, core_seconds: totals.coreSeconds, cpu_seconds: totals.cpuSeconds, cost: totals.cost, days: (await repo.days(filter)).map(dayView) };
    },

    async groupCpuHours(actor: Actor, groupId: number, query: UsageRangeQuery): Promise<GroupCpuHours> {
      // a member reads their own group's record too (§3: CPU-hours per group)
      const self = await people.personById(actor.userId);
      const group = self?.groupId === groupId ? await people.groupById(groupId) : await readableGroup(actor, groupId);
      if (!group) throw new AppError(Code.notFound, 'group not found');
      const range = rangeOf(query, now());
      const filter: UsageFilter = { groupId, clusterName: query.cluster_name, from: range.from, to: range.to };
      const totals = await repo.totals(filter);
      const top = await repo.byUser(filter, 10);
      return {
        group_id: group.id,
        group_name: group.name,
        from: range.fromDay,
        to: range.toDay,
        core_seconds: totals.coreSeconds,
        cost: totals.cost,
        allocation: await activeView('group', group.id),
        days: (await repo.days(filter)).map(dayView),
        top_users: top.map((u) => ({ user_name: u.userName, core_seconds: u.coreSeconds, cost: u.cost })),
      };
    },

    /** The group board's member lines (GET /fee/userlevel/cpuhours), paged on the server. */
    async memberUsage(actor: Actor, query: MemberUsageQuery): Promise<List<MemberUsage>> {
      const group = await readableGroup(actor, query.group_id);
      const range = rangeOf(query, now());
      const page = await people.members(group.id, { nameContains: query.field_lk_user_name, limit: query.page_size, offset: (query.page - 1) * query.page_size });
      const usage = new Map((await repo.byUser({ userIds: page.list.map((p) => p.userId), from: range.from, to: range.to })).map((u) => [u.userId, u]));
      const list = await Promise.all(
        page.list.map(async (person) => {
          const state = await status.statusOf(person);
          return {
            user_id: person.userId,
            user_name: person.userName,
            system_account: person.systemAccount,
            core_seconds: usage.get(person.userId)?.coreSeconds ?? 0,
            cost: usage.get(person.userId)?.cost ?? 0,
            allocation: state.allocations.find((a) => a.scope === 'user') ?? null,
            over_limit: state.over_limit,
          };
        }),
      );
      return { list, total: page.total };
    },

    /** One member (GET /fee/userlevel/cpuhours/search/{id}, {id} = user id): self, their group admin, or query_all_user. */
    async memberSearch(actor: Actor, userId: number): Promise<MemberUsage> {
      const person = await people.personById(userId);
      if (!person) throw new AppError(Code.notFound, 'user not found', { fields: [{ path: 'params.id', message: 'no such user' }] });
      if (person.userId !== actor.userId && !holds(actor, 'query_all_user')) {
        const administered = await people.administeredGroupIds(actor.userId);
        if (person.groupId === null || !administered.includes(person.groupId)) throw forbidden();
      }
      const state = await status.statusOf(person);
      const range = rangeOf({}, now());
      const totals = await repo.totals({ userIds: [person.userId], from: range.from, to: range.to });
      return {
        user_id: person.userId,
        user_name: person.userName,
        system_account: person.systemAccount,
        core_seconds: totals.coreSeconds,
        cost: totals.cost,
        allocation: state.allocations.find((a) => a.scope === 'user') ?? null,
        over_limit: state.over_limit,
      };
    },

    async communities(actor: Actor, query: { from?: string; to?: string }): Promise<CommunitySummary[]> {
      const list = holds(actor, 'query_all_user') ? await people.allCommunities() : await people.administeredCommunities(actor.userId);
      const range = rangeOf(query, now());
      return Promise.all(
        list.map(async (c) => {
          const totals = await repo.totals({ communityId: c.id, from: range.from, to: range.to });
          return { community_id: c.id, community_name: c.name, groups: (await people.groupsOfCommunity(c.id, { limit: 1, offset: 0 })).total, core_seconds: totals.coreSeconds, cost: totals.cost };
        }),
      );
    },

    communityUsage,

    /** Every group of the community over the range, as CSV (core-hours and yuan, like the screen). */
    async communityCsv(actor: Actor, name: string, query: { from?: string; to?: string }): Promise<string> {
      const lines = ['group,members,core_hours,cost_yuan'];
      for (let page = 1; ; page++) {
        const usage = await communityUsage(actor, name, { ...query, page, page_size: 100 });
        for (const g of usage.groups.list) lines.push([csvCell(g.group_name), g.members, (g.core_seconds / 3600).toFixed(2), (g.cost / 100).toFixed(2)].join(','));
        if (page * 100 >= usage.groups.total) break;
      }
      return `${lines.join('\n')}\n`;
    },

    async costLogs(actor: Actor, query: CostLogQuery): Promise<List<CostLog>> {
      const all = query.scope === 'all';
      if (all && !holds(actor, 'kcluster_clusters_admin')) throw forbidden();
      const range = rangeOf(query, now());
      const { list, total } = await repo.costLogs({
        userId: all ? undefined : actor.userId,
        clusterName: query.field_eq_cluster_name,
        userNameContains: all ? query.field_lk_user_name : undefined,
        from: range.from,
        to: range.to,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      const groupNames = new Map<number, string>();
      for (const id of new Set(list.map((r) => r.row.groupId).filter((g): g is number => g !== null))) groupNames.set(id, (await people.groupById(id))?.name ?? `#${id}`);
      return {
        total,
        list: list.map(({ row, clusterName, userName }) => ({
          id: row.id,
          cluster_name: clusterName,
          job_id: row.jobId,
          step: row.step,
          user_account: row.userAccount,
          user_name: userName,
          group_name: row.groupId === null ? null : (groupNames.get(row.groupId) ?? null),
          partition: row.partition,
          qos: row.qos,
          end_time: row.endTime.toISOString(),
          core_seconds: row.coreSeconds,
          cpu_seconds: row.cpuSeconds,
          gpu_seconds: row.gpuSeconds,
          cost: row.cost,
          price_id: row.priceId,
        })),
      };
    },

    /** Snapshots: administrators all; others their own user line, their groups', their communities'. */
    async snaps(actor: Actor, query: SnapQuery): Promise<List<Snap>> {
      const range = rangeOf(query, now());
      let targetIds: number[] | undefined = query.field_eq_target_id ? [query.field_eq_target_id] : undefined;
      const scope = query.field_eq_scope ?? 'user';
      if (!holds(actor, 'kcluster_clusters_admin')) {
        const mine =
          scope === 'user'
            ? [actor.userId]
            : scope === 'group'
              ? await people.administeredGroupIds(actor.userId)
              : (await people.administeredCommunities(actor.userId)).map((c) => c.id);
        targetIds = targetIds ? targetIds.filter((id) => mine.includes(id)) : mine;
      }
      const { list, total } = await repo.snapPage({ scope, targetIds, from: range.fromDay, to: range.toDay, limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return {
        total,
        list: await Promise.all(
          list.map(async (s) => ({
            day: s.day,
            scope: s.scope,
            target_id: s.targetId,
            target_name: await allocations.targetName({ scope: s.scope, targetId: s.targetId } as Parameters<AllocationView['targetName']>[0]),
            core_seconds: s.coreSeconds,
            cost: s.cost,
            cpu_seconds_limit: s.cpuSecondsLimit,
            balance: s.balance,
          })),
        ),
      };
    },
  };
}

/** CSV cells that a spreadsheet would run as a formula are quoted with a leading apostrophe. */
function csvCell(text: string): string {
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export type FeesBoardsService = ReturnType<typeof createFeesBoardsService>;
