import { applicationKinds, type ApprovalChain, type ApprovalChainInput, type ApprovalRoot, type ApplicationKind } from '@starlight/contract/approvals';
import { Code } from '@starlight/contract/codes';
import { AppError, notFound } from '../../lib/app-error';
import type { ApprovalsRepo, ChainRow } from './approvals.repo';
import type { KindRegistry } from './kinds';

/** The chain a fresh install starts with: the applicant's group administrators, then an approval administrator. */
export const defaultChain: ApprovalChainInput = {
  name: 'default',
  description: 'Group administrator, then approval administrator',
  nodes: [
    { name: 'group admin', mode: 'any', approvers: { perms: [], role_ids: [], group_admin: true, user_ids: [] } },
    { name: 'approval admin', mode: 'any', approvers: { perms: ['manage_approval'], role_ids: [], group_admin: false, user_ids: [] } },
  ],
};

/**
 * Chains and approval-root (which chain each kind uses). A chain's nodes are copied into each
 * application when it is made, so editing or deleting a chain never changes one in flight.
 */
export function createChainsService({ repo, kinds }: { repo: ApprovalsRepo; kinds: KindRegistry }) {
  async function view(rows: ChainRow[]): Promise<ApprovalChain[]> {
    const roots = await repo.roots();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      nodes: row.nodes as ApprovalChain['nodes'],
      kinds: roots.filter((r) => r.chainId === row.id).map((r) => r.kind as ApplicationKind),
      updated_at: row.updatedAt.toISOString(),
    }));
  }
  const chainOr404 = async (id: number) => (await repo.chain(id)) ?? (() => { throw notFound('approval chain'); })();

  return {
    list: async () => view(await repo.chains()),
    get: async (id: number) => (await view([await chainOr404(id)]))[0]!,
    async create(input: ApprovalChainInput): Promise<ApprovalChain> {
      const row = await repo.insertChain({ name: input.name, description: input.description, nodes: input.nodes });
      if (!row) throw new AppError(Code.conflict, `a chain named ${input.name} exists`, { fields: [{ path: 'body.name', message: 'taken' }] });
      return (await view([row]))[0]!;
    },
    async update(id: number, input: ApprovalChainInput): Promise<ApprovalChain> {
      await chainOr404(id);
      const other = await repo.chainNamed(input.name);
      if (other && other.id !== id) throw new AppError(Code.conflict, `a chain named ${input.name} exists`, { fields: [{ path: 'body.name', message: 'taken' }] });
      return (await view([(await repo.updateChain(id, { name: input.name, description: input.description, nodes: input.nodes }))!]))[0]!;
    },
    async remove(id: number): Promise<void> {
      await chainOr404(id);
      if ((await repo.roots()).some((r) => r.chainId === id)) throw new AppError(Code.conflict, 'the chain is in use by an application kind; choose another chain there first');
      await repo.deleteChain(id);
    },

    /** approval-root: every kind offered here, its chain, and whether it carries a period. */
    async roots(): Promise<ApprovalRoot[]> {
      const roots = await repo.roots();
      const chains = new Map((await repo.chains()).map((c) => [c.id, c.name]));
      return applicationKinds
        .filter((kind) => kinds.has(kind))
        .map((kind) => {
          const chainId = roots.find((r) => r.kind === kind)?.chainId ?? null;
          return { kind, chain_id: chainId, chain_name: chainId === null ? null : (chains.get(chainId) ?? null), periodic: kinds.get(kind)!.periodic };
        });
    },
    async setRoot(kind: ApplicationKind, chainId: number | null): Promise<ApprovalRoot[]> {
      if (!kinds.has(kind)) throw notFound('application kind');
      if (chainId !== null && !(await repo.chain(chainId))) throw new AppError(Code.notFound, 'approval chain not found', { fields: [{ path: 'body.chain_id', message: 'no such chain' }] });
      await repo.setRoot(kind, chainId);
      return this.roots();
    },

    /** At start: the default chain exists and every kind without a choice uses it (an explicit null is kept). */
    async ensureDefaults(): Promise<void> {
      const chain = (await repo.chainNamed(defaultChain.name)) ?? (await repo.insertChain({ ...defaultChain }));
      if (!chain) return;
      for (const kind of kinds.keys()) await repo.defaultRoot(kind, chain.id);
    },
  };
}

export type ChainsService = ReturnType<typeof createChainsService>;
