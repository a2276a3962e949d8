import type { Allocation } from '@starlight/contract/fees';
import { formatCoreHoursWithUnit } from '@starlight/contract/format';
import type { AllocationRow, FeesRepo } from './fees.repo';
import type { PeopleRepo } from './people.repo';

/** An allocation with what its holder used in its period (the rule of §4's over_limit, per allocation). */
export function createAllocationView({ repo, people }: { repo: FeesRepo; people: PeopleRepo }) {
  async function targetName(row: AllocationRow): Promise<string> {
    const found =
      row.scope === 'user'
        ? (await people.personById(row.targetId))?.userName
        : row.scope === 'group'
          ? (await people.groupById(row.targetId))?.name
          : (await people.communityById(row.targetId))?.name;
    return found ?? `#${row.targetId}`;
  }

  async function view(row: AllocationRow): Promise<Allocation> {
    const used = await repo.totals({
      userIds: row.scope === 'user' ? [row.targetId] : undefined,
      groupId: row.scope === 'group' ? row.targetId : undefined,
      communityId: row.scope === 'community' ? row.targetId : undefined,
      clusterName: row.clusterName,
      from: row.validFrom,
      to: row.validTo,
    });
    const overCpu = row.cpuSecondsLimit !== null && used.coreSeconds >= row.cpuSecondsLimit;
    const overMoney = row.balance !== null && used.cost >= row.balance;
    return {
      id: row.id,
      scope: row.scope,
      target_id: row.targetId,
      target_name: await targetName(row),
      cluster_name: row.clusterName,
      cpu_seconds_limit: row.cpuSecondsLimit,
      balance: row.balance,
      valid_from: row.validFrom.toISOString(),
      valid_to: row.validTo?.toISOString() ?? null,
      granted_by_group_id: row.grantedByGroupId,
      used_core_seconds: used.coreSeconds,
      spent: used.cost,
      over_limit: overCpu || overMoney,
    };
  }

  return { view, targetName };
}

/** The sentence a refused submit and the dashboard show: which allocation, how much of it is used. */
export function describeExceeded(allocation: Allocation): string {
  const where = allocation.cluster_name ? ` on cluster ${allocation.cluster_name}` : '';
  const holder = `${allocation.scope} ${allocation.target_name}`;
  if (allocation.cpu_seconds_limit !== null && allocation.used_core_seconds >= allocation.cpu_seconds_limit)
    return `the CPU-hour allocation #${allocation.id} of ${holder}${where} is used up: ${formatCoreHoursWithUnit(allocation.used_core_seconds, 'CPU-hours')} of ${formatCoreHoursWithUnit(allocation.cpu_seconds_limit, 'CPU-hours')}`;
  return `the balance of allocation #${allocation.id} of ${holder}${where} is spent: ${(allocation.spent / 100).toFixed(2)} of ${((allocation.balance ?? 0) / 100).toFixed(2)}`;
}

export type AllocationView = ReturnType<typeof createAllocationView>;
