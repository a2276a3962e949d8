import type { Application, ApplicationInput, ApplicationListQuery, DecisionInput } from '@starlight/contract/approvals';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { sanitizeMessageHtml } from '../../lib/rich-text';
import type { ApplicationRow, ApprovalsRepo } from './approvals.repo';
import { approversOf, isApprover, nodesOf } from './approvers';
import type { AfterCommit, KindRegistry } from './kinds';
import type { ApprovalNotices } from './notices';

const dayMs = 86_400_000;
/** jsonb keeps keys in its own order: compare payloads by sorted keys. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
const conflict = (info: string) => new AppError(Code.conflict, info);
const invalid = (path: string, message: string) => new AppError(Code.invalidInput, message, { fields: [{ path, message }] });

export interface ApplicationsDeps {
  repo: ApprovalsRepo;
  kinds: KindRegistry;
  notices: ApprovalNotices;
  now?: () => Date;
}

export interface ApprovalActivity {
  applied: { kind: string }[];
  decided: { kind: string; state: string; seconds: number }[];
  nodeDecisions: { kind: string; node: string; decision: string; waitedSeconds: number }[];
}

type Outcome = { row: ApplicationRow; event: 'recorded' | 'advanced' | 'approved' | 'rejected'; after?: AfterCommit | void };

/**
 * Applications (issue 11): apply, follow, decide, withdraw. Every state change happens in one
 * transaction that holds the application row (SELECT … FOR UPDATE); the final approval writes the
 * grant through the kind's owner in that same transaction. What the cluster or the users are told
 * runs after the commit.
 */
export function createApplicationsService({ repo, kinds, notices, now = () => new Date() }: ApplicationsDeps) {
  const kindOf = (row: Pick<ApplicationRow, 'kind'>) => {
    const kind = kinds.get(row.kind as Application['kind']);
    if (!kind) throw conflict(`applications of kind ${row.kind} are not offered on this installation`);
    return kind;
  };
  const factsOf = (row: ApplicationRow) => ({ applicantId: row.applicantId, applicantGroupId: row.groupId, payload: row.payload });

  async function views(rows: ApplicationRow[], actor: Actor | null): Promise<Application[]> {
    const decisions = await repo.decisionsOf(rows.map((r) => r.id));
    const names = await repo.userNames([...rows.map((r) => r.applicantId), ...decisions.map((d) => d.userId)]);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        kind: row.kind as Application['kind'],
        state: row.state as Application['state'],
        applicant_id: row.applicantId,
        applicant_name: names.get(row.applicantId) ?? '',
        payload: row.payload as Record<string, unknown>,
        reason: row.reason,
        nodes: nodesOf(row),
        current_node: row.currentNode,
        period_days: row.periodDays,
        renews: row.renews,
        expires_at: row.expiresAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        decided_at: row.decidedAt?.toISOString() ?? null,
        decisions: decisions
          .filter((d) => d.applicationId === row.id)
          .map((d) => ({ node: d.node, user_id: d.userId, user_name: names.get(d.userId) ?? '', decision: d.decision as 'approve' | 'reject', comment: d.comment, created_at: d.createdAt.toISOString() })),
        can_decide: actor !== null && (await canDecide(actor, row)),
      })),
    );
  }

  async function canDecide(actor: Actor, row: ApplicationRow): Promise<boolean> {
    if (row.state !== 'pending') return false;
    const approvers = await approversOf(repo, row, row.currentNode);
    if (!isApprover(actor, row, row.currentNode, approvers)) return false;
    const decided = (await repo.decisionsOf([row.id])).some((d) => d.node === row.currentNode && d.userId === actor.userId);
    return !decided;
  }

  /** Who may read an application: its applicant, anyone who decides (or decided) one of its nodes, and the two keys. */
  async function mayRead(actor: Actor, row: ApplicationRow): Promise<boolean> {
    if (row.applicantId === actor.userId || actor.permissions.includes('query_all_user_approval') || actor.permissions.includes('manage_approval')) return true;
    if ((await repo.decisionsOf([row.id])).some((d) => d.userId === actor.userId)) return true;
    // an approver of any node reached so far (one who lost a race for a node sees why: 1409, not 1404)
    for (let node = 0; node <= row.currentNode; node++) if (isApprover(actor, row, node, await approversOf(repo, row, node))) return true;
    return false;
  }

  const pageOf = async (filter: Parameters<ApprovalsRepo['page']>[0], query: ApplicationListQuery, actor: Actor): Promise<List<Application>> => {
    const { rows, total } = await repo.page(filter, query.page_size, (query.page - 1) * query.page_size);
    return { list: await views(rows, actor), total };
  };
  const filterOf = (query: ApplicationListQuery) => ({ state: query.field_eq_state, kind: query.field_eq_kind, applicantLike: query.field_lk_applicant });

  return {
    async apply(actor: Actor, input: ApplicationInput): Promise<Application> {
      const kind = kinds.get(input.kind);
      if (!kind) throw invalid('body.kind', `applications of kind ${input.kind} are not offered on this installation`);
      const parsed = kind.payload.safeParse(input.payload);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((i) => ({ path: ['body', 'payload', ...i.path.map(String)].join('.'), message: i.message }));
        throw new AppError(Code.invalidInput, 'invalid payload', { fields });
      }
      if (input.period_days !== null && !kind.periodic) throw invalid('body.period_days', `a ${input.kind} application has no period`);
      const root = (await repo.roots()).find((r) => r.kind === input.kind);
      const chain = root?.chainId ? await repo.chain(root.chainId) : undefined;
      if (!chain) throw conflict(`no approval chain is set for ${input.kind} applications; ask an administrator`);
      if (input.renews !== null) {
        const renewed = await repo.application(input.renews);
        if (!renewed || renewed.applicantId !== actor.userId || renewed.kind !== input.kind) throw new AppError(Code.notFound, 'application to renew not found', { fields: [{ path: 'body.renews', message: 'no such application of yours' }] });
        if (renewed.state !== 'approved' || renewed.expiresAt === null) throw conflict('only an approved application with a period can be renewed');
      }
      const applicantGroupId = await repo.groupOf(actor.userId);
      const prepared = await kind.prepare({ applicantId: actor.userId, applicantGroupId, payload: parsed.data });
      const same = stableJson(parsed.data);
      const { rows } = await repo.page({ applicantId: actor.userId, state: 'pending', kind: input.kind }, 100, 0);
      if (rows.some((r) => stableJson(r.payload) === same)) throw conflict('you already have a pending application for this; withdraw it or wait for the decision');
      const row = await repo.insertApplication({
        kind: input.kind,
        applicantId: actor.userId,
        groupId: prepared.approverGroup === undefined ? applicantGroupId : prepared.approverGroup,
        payload: parsed.data,
        reason: sanitizeMessageHtml(input.reason),
        nodes: chain.nodes,
        periodDays: input.period_days,
        renews: input.renews,
      });
      await notices.toDecide(row, await approversOf(repo, row, 0), kind.describe(row.payload));
      return (await views([row], actor))[0]!;
    },

    async get(actor: Actor, id: number): Promise<Application> {
      const row = await repo.application(id);
      if (!row || !(await mayRead(actor, row))) throw notFound('application');
      return (await views([row], actor))[0]!;
    },

    mine: (actor: Actor, query: ApplicationListQuery) => pageOf({ ...filterOf(query), applicantId: actor.userId }, query, actor),
    all: (actor: Actor, query: ApplicationListQuery) => pageOf(filterOf(query), query, actor),

    /** The caller's queue: pending applications whose current node they decide and have not decided yet. */
    async todo(actor: Actor, query: ApplicationListQuery): Promise<List<Application>> {
      const mineToDecide: number[] = [];
      for (const row of await repo.pending()) if (await canDecide(actor, row)) mineToDecide.push(row.id);
      return pageOf({ ...filterOf(query), ids: mineToDecide }, query, actor);
    },

    async decide(actor: Actor, id: number, input: DecisionInput): Promise<Application> {
      const before = await repo.application(id);
      if (!before || !(await mayRead(actor, before))) throw notFound('application');
      const kind = kindOf(before);
      // names resolved outside the transaction (the transaction reads nothing outside it)
      // only an approval can be final; a rejection must stay possible when what was asked for is gone
      const prepared = before.state === 'pending' && input.decision === 'approve' ? await kind.prepare(factsOf(before)) : null;
      const outcome = await repo.inTransaction(async (t): Promise<Outcome> => {
        const row = await t.locked(id);
        if (!row) throw notFound('application');
        if (row.state !== 'pending') throw conflict(`the application is ${row.state}; nothing to decide`);
        if (input.node !== row.currentNode) throw conflict('that node has already been decided; reload the application');
        const approvers = await approversOf(t, row, row.currentNode);
        if (!isApprover(actor, row, row.currentNode, approvers)) throw forbidden();
        if (!(await t.decide({ applicationId: id, node: row.currentNode, userId: actor.userId, decision: input.decision, comment: sanitizeMessageHtml(input.comment) })))
          throw conflict('you have already decided this node');
        const at = now();
        if (input.decision === 'reject') return { row: await t.update(id, { state: 'rejected', decidedAt: at }), event: 'rejected' };
        const node = nodesOf(row)[row.currentNode]!;
        const approved = await t.approversWhoApproved(id, row.currentNode);
        if (node.mode === 'all' && !approvers.every((a) => approved.includes(a))) return { row, event: 'recorded' };
        if (row.currentNode + 1 < nodesOf(row).length) return { row: await t.update(id, { currentNode: row.currentNode + 1 }), event: 'advanced' };
        const expiresAt = row.periodDays === null ? null : new Date((await renewedEnd(t, row, at)).getTime() + row.periodDays * dayMs);
        if (!prepared) throw conflict('the application changed meanwhile; reload it');
        const after = await prepared.apply(t.tx, expiresAt);
        if (row.renews !== null && (await t.locked(row.renews))?.state === 'approved') await t.update(row.renews, { state: 'renewed' });
        return { row: await t.update(id, { state: 'approved', decidedAt: at, expiresAt }), event: 'approved', after };
      });
      await outcome.after?.();
      const what = kind.describe(outcome.row.payload);
      if (outcome.event === 'advanced') await notices.toDecide(outcome.row, await approversOf(repo, outcome.row, outcome.row.currentNode), what);
      if (outcome.event === 'approved' || outcome.event === 'rejected') await notices.decided(outcome.row, what, outcome.event, input.comment);
      return (await views([outcome.row], actor))[0]!;
    },

    async withdraw(actor: Actor, id: number): Promise<Application> {
      const row = await repo.inTransaction(async (t) => {
        const locked = await t.locked(id);
        if (!locked || locked.applicantId !== actor.userId) throw notFound('application');
        if (locked.state !== 'pending') throw conflict(`the application is ${locked.state}; only a pending one can be withdrawn`);
        return t.update(id, { state: 'withdrawn', decidedAt: now() });
      });
      return (await views([row], actor))[0]!;
    },

    /**
     * What happened in [from, to) for the statistics module's approval report: applications made, those
     * decided (outcome and time to decision), and each decision with how long its node had waited
     * (since the previous node's last decision, or the application for the first node).
     */
    async activityBetween(from: Date, to: Date): Promise<ApprovalActivity> {
      const [rows, decisions] = await Promise.all([repo.createdOrDecidedBetween(from, to), repo.decisionsBetween(from, to)]);
      const inRange = (d: Date | null) => d !== null && d >= from && d < to;
      const apps = new Map(rows.map((r) => [r.id, r]));
      const missing = [...new Set(decisions.map((d) => d.applicationId))].filter((id) => !apps.has(id));
      for (const id of missing) {
        const row = await repo.application(id);
        if (row) apps.set(id, row);
      }
      const all = await repo.decisionsOf([...new Set(decisions.map((d) => d.applicationId))]);
      const nodeDecisions = decisions.flatMap((d) => {
        const app = apps.get(d.applicationId);
        if (!app) return [];
        const previous = all.filter((p) => p.applicationId === d.applicationId && p.node === d.node - 1).map((p) => p.createdAt.getTime());
        const entered = d.node > 0 && previous.length ? Math.max(...previous) : app.createdAt.getTime();
        const node = nodesOf(app)[d.node]?.name ?? `#${d.node + 1}`;
        return [{ kind: app.kind, node, decision: d.decision, waitedSeconds: Math.max(0, (d.createdAt.getTime() - entered) / 1000) }];
      });
      return {
        applied: rows.filter((r) => inRange(r.createdAt)).map((r) => ({ kind: r.kind })),
        decided: rows.filter((r) => inRange(r.decidedAt)).map((r) => ({ kind: r.kind, state: r.state, seconds: (r.decidedAt!.getTime() - r.createdAt.getTime()) / 1000 })),
        nodeDecisions,
      };
    },
  };

  /** A renewal's period starts where the renewed one ends (or now, when that has passed). */
  async function renewedEnd(t: { locked: (id: number) => Promise<ApplicationRow | undefined> }, row: ApplicationRow, at: Date): Promise<Date> {
    if (row.renews === null) return at;
    const renewed = await t.locked(row.renews);
    return renewed?.expiresAt && renewed.expiresAt > at ? renewed.expiresAt : at;
  }
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
