import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type {
  AccountFlag,
  AccountFlagInput,
  Allocation,
  AllocationInput,
  AllocationListQuery,
  AllocationPatch,
  FeeSettings,
  MemberLimitInput,
  Price,
  PriceInput,
  PriceListQuery,
} from '@starlight/contract/fees';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden } from '../../lib/app-error';
import type { AllocationView } from './allocations.view';
import type { FeesRepo, Scope } from './fees.repo';
import type { PeopleRepo } from './people.repo';
import { periodsOverlap, type PriceRow } from './pricing';

const invalid = (path: string, message: string) => new AppError(Code.invalidInput, message, { fields: [{ path, message }] });
const missing = (path: string, what: string) => new AppError(Code.notFound, `${what} not found`, { fields: [{ path, message: `no such ${what}` }] });

export const priceView = (row: PriceRow): Price => ({
  id: row.id,
  cluster_name: row.clusterName,
  partition: row.partition,
  qos: row.qos,
  group_id: row.groupId,
  community_id: row.communityId,
  core_hour_price: row.coreHourPrice,
  gpu_hour_price: row.gpuHourPrice,
  node_hour_price: row.nodeHourPrice,
  valid_from: row.validFrom.toISOString(),
  valid_to: row.validTo?.toISOString() ?? null,
});

export interface FeesAdminDeps {
  repo: FeesRepo;
  people: PeopleRepo;
  allocations: AllocationView;
  /** After a change that may move someone over or under a limit: tell the clusters. */
  changed: () => Promise<string[]>;
  now?: () => Date;
}

/**
 * Price tables, settings, allocations, whitelist and blocks (administrators: kcluster_clusters_admin),
 * and per-member limits (a group administrator, within their group's allocation).
 */
export function createFeesAdminService({ repo, people, allocations, changed, now = () => new Date() }: FeesAdminDeps) {
  async function targetId(scope: Scope, name: string): Promise<number> {
    const found = scope === 'user' ? (await people.personByName(name))?.userId : scope === 'group' ? (await people.groupByName(name))?.id : (await people.communityByName(name))?.id;
    if (found === undefined) throw missing('body.target_name', scope);
    return found;
  }

  return {
    // ---------------------------------------------------------------- prices
    async listPrices(query: PriceListQuery): Promise<List<Price>> {
      const { list, total } = await repo.pricePage(query.field_eq_cluster_name, query.page_size, (query.page - 1) * query.page_size);
      return { list: list.map(priceView), total };
    },
    /** A period overlapping another price of exactly the same item is refused (1409): history stays unambiguous. */
    async createPrice(input: PriceInput): Promise<Price> {
      const item = { qos: input.qos ?? null, groupId: input.group_id ?? null, communityId: input.community_id ?? null };
      if (item.groupId !== null && !(await people.groupById(item.groupId))) throw missing('body.group_id', 'group');
      if (item.communityId !== null && !(await people.communityById(item.communityId))) throw missing('body.community_id', 'community');
      const period = { from: new Date(input.valid_from), to: input.valid_to ? new Date(input.valid_to) : null };
      const same = (await repo.pricesFor(input.cluster_name)).filter(
        (p) => p.partition === input.partition && p.qos === item.qos && p.groupId === item.groupId && p.communityId === item.communityId,
      );
      const clash = same.find((p) => periodsOverlap(period, { from: p.validFrom, to: p.validTo }));
      if (clash)
        throw new AppError(Code.conflict, `the period overlaps price #${clash.id} of the same item`, { fields: [{ path: 'body.valid_from', message: `overlaps price #${clash.id}` }] });
      const row = await repo.insertPrice({
        clusterName: input.cluster_name,
        partition: input.partition,
        ...item,
        coreHourPrice: input.core_hour_price,
        gpuHourPrice: input.gpu_hour_price ?? 0,
        nodeHourPrice: input.node_hour_price ?? 0,
        validFrom: period.from,
        validTo: period.to,
      });
      return priceView(row);
    },
    async deletePrice(id: number): Promise<void> {
      if (!(await repo.deletePrice(id))) throw missing('params.id', 'price');
    },
    /** Partitions with no default price valid now: a job there would be charged nothing. */
    async unpriced(): Promise<{ cluster_name: string; partition: string }[]> {
      const at = now();
      const prices = await repo.pricesFor();
      const priced = new Set(
        prices.filter((p) => p.validFrom <= at && (!p.validTo || p.validTo > at) && p.qos === null && p.groupId === null && p.communityId === null).map((p) => `${p.clusterName}/${p.partition}`),
      );
      return (await repo.knownPartitions()).filter((p) => !priced.has(`${p.clusterName}/${p.partition}`)).map((p) => ({ cluster_name: p.clusterName, partition: p.partition }));
    },
    async settings(): Promise<FeeSettings> {
      const s = await repo.settings();
      return { minimum_charge: s.minimumCharge, rounding_unit: s.roundingUnit };
    },
    async setSettings(input: FeeSettings): Promise<FeeSettings> {
      await repo.setSettings({ minimumCharge: input.minimum_charge, roundingUnit: input.rounding_unit });
      return input;
    },

    // ---------------------------------------------------------------- allocations
    async listAllocations(query: AllocationListQuery): Promise<List<Allocation>> {
      let targetIds: number[] | undefined;
      if (query.field_lk_target_name && query.field_eq_scope) targetIds = [await targetId(query.field_eq_scope, query.field_lk_target_name).catch(() => -1)];
      const { list, total } = await repo.allocationPage({ scope: query.field_eq_scope, targetIds, limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return { list: await Promise.all(list.map((row) => allocations.view(row))), total };
    },
    async createAllocation(input: AllocationInput): Promise<{ allocation: Allocation; warnings: string[] }> {
      const row = await repo.insertAllocation({
        scope: input.scope,
        targetId: await targetId(input.scope, input.target_name),
        clusterName: input.cluster_name ?? null,
        cpuSecondsLimit: input.cpu_seconds_limit ?? null,
        balance: input.balance ?? null,
        validFrom: input.valid_from ? new Date(input.valid_from) : now(),
        validTo: input.valid_to ? new Date(input.valid_to) : null,
      });
      const warnings = await changed();
      return { allocation: await allocations.view(row), warnings };
    },
    async patchAllocation(id: number, input: AllocationPatch): Promise<{ allocation: Allocation; warnings: string[] }> {
      const existing = await repo.allocation(id);
      if (!existing) throw missing('params.id', 'allocation');
      if (input.valid_to && new Date(input.valid_to) <= existing.validFrom) throw invalid('body.valid_to', 'must be after valid_from');
      const row = await repo.updateAllocation(id, {
        ...(input.cpu_seconds_limit !== undefined ? { cpuSecondsLimit: input.cpu_seconds_limit } : {}),
        ...(input.balance !== undefined ? { balance: input.balance } : {}),
        ...(input.valid_to !== undefined ? { validTo: input.valid_to ? new Date(input.valid_to) : null } : {}),
      });
      const warnings = await changed();
      return { allocation: await allocations.view(row!), warnings };
    },
    async deleteAllocation(id: number): Promise<string[]> {
      if (!(await repo.deleteAllocation(id))) throw missing('params.id', 'allocation');
      return changed();
    },

    /**
     * A group administrator's limit for a member (POST /fee/userlevel/cpuhours/{id}): only for members of
     * a group they administer (1403 otherwise) and never above the group's own CPU-hour allocation (1400).
     */
    async setMemberLimit(actor: Actor, userId: number, input: MemberLimitInput): Promise<{ allocation: Allocation | null; warnings: string[] }> {
      const member = await people.personById(userId);
      if (!member) throw missing('params.id', 'user');
      const administered = await people.administeredGroupIds(actor.userId);
      const platformAdmin = actor.permissions.includes('manage_all_user');
      if (member.groupId === null || (!platformAdmin && !administered.includes(member.groupId))) throw forbidden();
      const clusterName = input.cluster_name ?? null;
      const at = now();
      const groupAllocation = (await repo.activeFor([{ scope: 'group', targetId: member.groupId }], at)).find(
        (a) => a.cpuSecondsLimit !== null && (a.clusterName === null || a.clusterName === clusterName),
      );
      if (input.cpu_seconds_limit !== null && groupAllocation && input.cpu_seconds_limit > groupAllocation.cpuSecondsLimit!)
        throw invalid('body.cpu_seconds_limit', `above the group's allocation #${groupAllocation.id} (${groupAllocation.cpuSecondsLimit} core-seconds)`);
      const existing = (await repo.activeFor([{ scope: 'user', targetId: userId }], at)).find((a) => a.grantedByGroupId === member.groupId && a.clusterName === clusterName);
      let row;
      if (input.cpu_seconds_limit === null) {
        if (existing) await repo.deleteAllocation(existing.id);
      } else if (existing) row = await repo.updateAllocation(existing.id, { cpuSecondsLimit: input.cpu_seconds_limit });
      else
        row = await repo.insertAllocation({
          scope: 'user',
          targetId: userId,
          clusterName,
          cpuSecondsLimit: input.cpu_seconds_limit,
          // the member's limit counts within the group's period when there is one
          validFrom: groupAllocation?.validFrom ?? at,
          validTo: groupAllocation?.validTo ?? null,
          grantedByGroupId: member.groupId,
        });
      const warnings = await changed();
      return { allocation: row ? await allocations.view(row) : null, warnings };
    },

    // ---------------------------------------------------------------- whitelist and blocks
    async listFlags(page: number, pageSize: number): Promise<List<AccountFlag>> {
      const { list, total } = await repo.flagPage(pageSize, (page - 1) * pageSize);
      return { list: list.map(({ flag, userName }) => ({ user_name: userName, whitelisted: flag.whitelisted, blocked: flag.blocked, reason: flag.reason, updated_at: flag.updatedAt.toISOString() })), total };
    },
    async setFlag(userName: string, input: AccountFlagInput): Promise<{ flag: AccountFlag; warnings: string[] }> {
      const person = await people.personByName(userName);
      if (!person) throw missing('params.name', 'user');
      const flag = await repo.setFlag(person.userId, input);
      const warnings = await changed();
      return { flag: { user_name: userName, whitelisted: flag.whitelisted, blocked: flag.blocked, reason: flag.reason, updated_at: flag.updatedAt.toISOString() }, warnings };
    },
  };
}

export type FeesAdminService = ReturnType<typeof createFeesAdminService>;
