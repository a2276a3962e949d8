import { Code } from '@starlight/contract/codes';
import type { Allocation, FeeStatus } from '@starlight/contract/fees';
import type { SubmitLimit, SubmitLimitHolder } from '../../drivers/scheduler/interface';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../../lib/html';
import type { ClustersService } from '../clusters/clusters.service';
import { describeExceeded, type AllocationView } from './allocations.view';
import type { FeesRepo } from './fees.repo';
import type { Person, PeopleRepo } from './people.repo';

export interface FeeStatusDeps {
  repo: FeesRepo;
  people: PeopleRepo;
  allocations: AllocationView;
  clusters: Pick<ClustersService, 'enabledHpcRows' | 'scheduler'>;
  now?: () => Date;
  log?: (error: unknown, context: string) => void;
  /** The messages module's one send call (app.ts): a user who became over the limit is told once. */
  send?: (input: { userId: number; kind: 'fee_over_limit'; title: string; body: string; dedupeKey: string }) => Promise<unknown>;
}

/** Most specific first: the member's own allocation, then the group's, then the community's. */
const scopeOrder = { user: 0, group: 1, community: 2 } as const;

/**
 * The over-limit rule (spec §4 fee-over flag): a user is over when an administrator blocked them, or —
 * unless whitelisted — when any allocation valid now that reaches them (their own, their group's, their
 * community's; for the cluster asked about or for every cluster) is used up in CPU-hours or money.
 * The console refuses submits then, and each Slurm cluster is told to refuse them too.
 */
export function createFeeStatusService({ repo, people, allocations, clusters, now = () => new Date(), log = () => undefined, send }: FeeStatusDeps) {
  async function statusOf(person: Person, clusterName?: string): Promise<FeeStatus> {
    const at = now();
    const holders = [
      { scope: 'user' as const, targetId: person.userId },
      ...(person.groupId === null ? [] : [{ scope: 'group' as const, targetId: person.groupId }]),
      ...(person.communityId === null ? [] : [{ scope: 'community' as const, targetId: person.communityId }]),
    ];
    const rows = (await repo.activeFor(holders, at)).filter((a) => !clusterName || a.clusterName === null || a.clusterName === clusterName);
    rows.sort((a, b) => scopeOrder[a.scope] - scopeOrder[b.scope] || a.id - b.id);
    const views = await Promise.all(rows.map((row) => allocations.view(row)));
    const flag = await repo.flag(person.userId);
    const mine = await repo.totals({ userIds: [person.userId], from: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)), to: null });
    const exceeded = flag?.whitelisted ? null : (views.find((v) => v.over_limit) ?? null);
    const blocked = flag?.blocked ?? false;
    const reason = blocked ? `blocked by an administrator${flag?.reason ? `: ${flag.reason}` : ''}` : exceeded ? describeExceeded(exceeded) : null;
    return {
      user_name: person.userName,
      over_limit: blocked || exceeded !== null,
      reason,
      blocked,
      whitelisted: flag?.whitelisted ?? false,
      exceeded,
      allocations: views,
      core_seconds: mine.coreSeconds,
      cost: mine.cost,
      checked_at: at.toISOString(),
    };
  }

  async function personOf(userId: number): Promise<Person> {
    const person = await people.personById(userId);
    if (!person) throw new AppError(Code.notFound, 'user not found');
    return person;
  }

  /**
   * The CPU-minutes left under the CPU-hour allocations among `views` (null: none limits CPU-hours), rounded up
   * to Slurm's whole minutes: a holder not over always has at least one (0 left is over, and blocked).
   */
  const minutesLeft = (views: readonly Allocation[]): number | null => {
    const left = views.filter((v) => v.cpu_seconds_limit !== null).map((v) => Math.ceil(Math.max(0, v.cpu_seconds_limit! - v.used_core_seconds) / 60));
    return left.length === 0 ? null : Math.min(...left);
  };

  /** Everyone an allocation valid now or a flag reaches. */
  async function reachedNow(): Promise<Person[]> {
    const active = await repo.allActive(now());
    const flagged = await repo.allFlagged();
    return people.reached({
      userIds: [...active.filter((a) => a.scope === 'user').map((a) => a.targetId), ...flagged.map((f) => f.userId)],
      groupIds: active.filter((a) => a.scope === 'group').map((a) => a.targetId),
      communityIds: active.filter((a) => a.scope === 'community').map((a) => a.targetId),
    });
  }

  /**
   * Tells each user who is over the limit, once per cause: the exceeded allocation (key
   * `fee-over:<allocation id>`: raising it and passing it again is the same allocation) or the block
   * (`fee-blocked:<user>:<time the flag was set>`). Runs after every accounting round and admin change.
   */
  async function notifyOver(): Promise<number> {
    if (!send) return 0;
    let told = 0;
    for (const person of await reachedNow()) {
      const status = await statusOf(person);
      if (!status.over_limit) continue;
      const flag = status.blocked ? await repo.flag(person.userId) : undefined;
      const dedupeKey = status.blocked ? `fee-blocked:${person.userId}:${flag?.updatedAt.getTime() ?? 0}` : `fee-over:${status.exceeded?.id ?? 0}`;
      const reason = escapeHtml(status.reason ?? '');
      const result = (await send({
        userId: person.userId,
        kind: 'fee_over_limit',
        title: '超出核时限额 / Over the CPU-hour limit',
        body: `<p>您已超出限额，新的作业提交将被拒绝：${reason}。请联系组管理员提高额度。</p><p>You are over the limit and new submissions are refused: ${reason}. Ask your group administrator to raise the allocation.</p>`,
        dedupeKey,
      })) as { delivered?: number } | undefined;
      told += result?.delivered ?? 0;
    }
    return told;
  }

  /**
   * Writes the decision into every Slurm cluster that can take it, per cluster (an allocation may hold for
   * one cluster only): on every association of each reached user's bound Slurm user, whatever account it
   * charges, and for a group allocation on the associations under the group's Slurm account
   * (`settings.group_accounts`). Over: blocked. Under with CPU-hours left: the remaining minutes, so Slurm
   * holds back jobs that would overrun before the next read. Written when the decision changed or a
   * remainder is to be refreshed (all when `force`); a holder no longer reached is cleared. Called at the
   * end of every accounting read and after every allocation or flag change. Failures are warnings; the
   * console's own refusal holds meanwhile.
   */
  async function enforce(force = false): Promise<string[]> {
    const warnings: string[] = [];
    await notifyOver().catch((error: unknown) => log(error, 'telling users over the fee limit'));
    const targets = (await clusters.enabledHpcRows()).filter((c) => c.driver === 'slurm');
    if (targets.length === 0) return warnings;
    const active = await repo.allActive(now());
    const reached = (await reachedNow()).filter((p) => p.systemAccount);
    for (const cluster of targets) {
      const decisions = new Map<string, { holder: SubmitLimitHolder; limit: SubmitLimit }>();
      for (const person of reached) {
        const status = await statusOf(person, cluster.name);
        const limit = { blocked: status.over_limit, cpuMinutes: status.over_limit || status.whitelisted ? null : minutesLeft(status.allocations) };
        decisions.set(person.systemAccount!, { holder: { user: person.systemAccount! }, limit });
      }
      const groupAccounts = (cluster.settings.group_accounts ?? {}) as Record<string, string>;
      const groupRows = active.filter((a) => a.scope === 'group' && (a.clusterName === null || a.clusterName === cluster.name));
      for (const groupId of new Set(groupRows.map((a) => a.targetId))) {
        const group = await people.groupById(groupId);
        const account = group ? groupAccounts[group.name] : undefined;
        if (!account) continue;
        const views = await Promise.all(groupRows.filter((a) => a.targetId === groupId).map((a) => allocations.view(a)));
        const blocked = views.some((v) => v.over_limit);
        decisions.set(`account:${account}`, { holder: { account }, limit: { blocked, cpuMinutes: blocked ? null : minutesLeft(views) } });
      }
      const told = new Map((await repo.schedulerLimits(cluster.id)).map((r) => [r.account, r.blocked]));
      const changes = [...decisions].filter(([key, d]) => force || d.limit.cpuMinutes !== null || told.get(key) !== d.limit.blocked);
      // a holder written before and no longer reached by anything is cleared
      const cleared = [...told.keys()].filter((key) => !decisions.has(key));
      if (changes.length === 0 && cleared.length === 0) continue;
      try {
        const driver = await clusters.scheduler(cluster);
        if (!driver.setSubmitLimit) continue;
        const write = async (key: string, holder: SubmitLimitHolder, limit: SubmitLimit, after: () => Promise<void>) => {
          try {
            await driver.setSubmitLimit!(holder, limit);
            await after();
          } catch (error) {
            log(error, `writing the fee limit of ${key} into cluster ${cluster.name}`);
            warnings.push(`${cluster.name}: ${key}: ${(error as Error).message}`);
          }
        };
        for (const [key, d] of changes) await write(key, d.holder, d.limit, () => repo.setSchedulerLimit(cluster.id, key, d.limit.blocked));
        for (const key of cleared) {
          const holder = key.startsWith('account:') ? { account: key.slice('account:'.length) } : { user: key };
          await write(key, holder, { blocked: false, cpuMinutes: null }, () => repo.deleteSchedulerLimit(cluster.id, key));
        }
      } catch (error) {
        warnings.push(`${cluster.name}: ${(error as Error).message}`);
      }
    }
    return warnings;
  }

  return {
    statusOf,
    personOf,
    enforce,
    notifyOver,
    status: async (userId: number, clusterName?: string) => statusOf(await personOf(userId), clusterName),
    /**
     * The one check every submit path calls (jobs, application runs): 1403 naming the allocation when
     * the caller is over the limit on this cluster.
     */
    async assertMaySubmit(actor: Actor, clusterName: string): Promise<void> {
      const status = await statusOf(await personOf(actor.userId), clusterName);
      if (!status.over_limit) return;
      throw new AppError(Code.forbidden, `Submitting is refused: ${status.reason}. Ask your group administrator to raise the allocation.`, {
        over_limit: true,
        allocation_id: status.exceeded?.id ?? null,
        reason: status.reason,
      });
    },
  };
}

export type FeeStatusService = ReturnType<typeof createFeeStatusService>;
