import { randomUUID } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import { bindProofFile, bindReplies, parseBindMessage, type Binding, type UnbindInput, type UserUuid } from '@starlight/contract/hpc';
import { bindAccountSchema } from '@starlight/contract/validators';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { ClustersService } from '../clusters/clusters.service';
import type { AccountsService } from '../identity/accounts.service';
import { escapeHtml } from '../../lib/html';
import type { SendMessage } from '../messages/send.service';
import { readBindProof } from './bind-proof';
import type { BindingRepo } from './binding.repo';

export interface BindingDeps {
  repo: BindingRepo;
  accounts: AccountsService;
  clusters: ClustersService;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  /** How long a handshake uuid stays usable. */
  uuidTtlMs?: number;
  /** Told of each new binding (the quotas module gives the account its grants' Slurm associations). */
  onBound?: (userId: number) => Promise<void>;
  /** The messages module's send: the user is told the binding is done. */
  send?: SendMessage;
}

/** Failure replies carry one of the spec's two texts first, so the browser shows them as errors (spec §8). */
const usernameProblem = (detail: string) => `${bindReplies.usernameRequired}: ${detail}`;
const uuidProblem = (detail: string) => `${bindReplies.uuidExists}: ${detail}`;

/**
 * Binding a system account (spec §4, §5, §8). Control of the account must be proven, not claimed:
 * where a Slurm cluster has an SSH login node configured, the uuid must be in `~/.starlight-bind` of
 * the account, read over SFTP as that account; with only the embedded `local` cluster the account is
 * created for the user. Then the account is made usable on every enabled cluster (home or Slurm
 * association), and only then is the uuid spent and the binding written.
 */
export function createBindingService({
  repo,
  accounts,
  clusters,
  log = () => undefined,
  now = () => new Date(),
  uuidTtlMs = 15 * 60_000,
  onBound = async () => undefined,
  send,
}: BindingDeps) {
  /** Null when proven (or nothing to prove), else the reason. */
  async function proveControl(account: string, uuid: string): Promise<string | null> {
    const slurm = (await clusters.enabledHpcRows()).filter((c) => c.driver === 'slurm');
    if (slurm.length === 0) return null;
    const reasons: string[] = [];
    for (const cluster of slurm) {
      const files = await clusters.files(cluster).catch((error: unknown) => {
        reasons.push(`${cluster.name}: ${(error as Error).message}`);
        return null;
      });
      if (!files) continue;
      const { proven, reason } = await readBindProof(files, account, uuid);
      if (proven) return null;
      reasons.push(`${cluster.name}: ${reason}`);
    }
    return reasons.length > 0
      ? `write the uuid into ~/${bindProofFile} of ${account} on the cluster first (${reasons.join('; ')})`
      : 'no cluster has an SSH login node configured to check the account';
  }

  /** Home (local) or Slurm association on every enabled cluster; null when all are ready, else why not. */
  async function makeUsable(account: string): Promise<string | null> {
    for (const cluster of await clusters.enabledHpcRows()) {
      try {
        const driver = await clusters.scheduler(cluster);
        const chargeAccount = typeof cluster.settings.default_account === 'string' ? cluster.settings.default_account : undefined;
        await driver.ensureUserAccount(account, { chargeAccount });
      } catch (error) {
        log(error, `preparing ${account} on cluster ${cluster.name}`);
        return `${account} could not be set up on cluster ${cluster.name}: ${(error as Error).message}`;
      }
    }
    return null;
  }

  return {
    async issueUuid(actor: Actor): Promise<UserUuid> {
      const uuid = randomUUID();
      const expiresAt = new Date(now().getTime() + uuidTtlMs);
      await repo.insertUuid({ uuid, userId: actor.userId, expiresAt, createdAt: now() });
      return { uuid, expires_at: expiresAt.toISOString(), proof_file: bindProofFile };
    },

    /** One `name:uuid` message from the socket → the reply text (spec §8). */
    async bind(actor: Actor, message: string): Promise<string> {
      const { name, uuid } = parseBindMessage(message);
      if (!name) return bindReplies.usernameRequired;
      const parsed = bindAccountSchema.safeParse({ system_account: name });
      if (!parsed.success) return usernameProblem(parsed.error.issues[0]?.message ?? 'invalid system account');
      const account = parsed.data.system_account;
      const mine = await repo.byUser(actor.userId);
      if (mine) return uuidProblem(`this user is already bound to ${mine.systemAccount}`);
      if (!uuid || !(await repo.uuidUsable(uuid, actor.userId, now()))) return uuidProblem('the uuid is unknown, expired or used; get a new one');
      if (await repo.byAccount(account)) return uuidProblem(`${account} is bound to another user`);
      const unproven = await proveControl(account, uuid);
      if (unproven) return usernameProblem(unproven);
      const unusable = await makeUsable(account);
      if (unusable) return usernameProblem(unusable);
      if (!(await repo.bind(uuid, actor.userId, account, now()))) return uuidProblem(`the uuid was used or ${account} was bound meanwhile`);
      if (!(await accounts.setSystemAccount(actor.userId, account))) {
        await repo.removeByUser(actor.userId);
        return uuidProblem(`${account} is bound to another user`);
      }
      // the binding stands either way; a cluster that could not be told is logged
      await onBound(actor.userId).catch((error: unknown) => log(error, `applying the grants of ${account}`));
      await send?.({
        userId: actor.userId,
        kind: 'binding_done',
        title: `系统账号已绑定 / System account ${account} bound`,
        body: `<p>您的星光账号已绑定系统账号 <b>${escapeHtml(account)}</b>，现在可以提交作业、使用存储。</p><p>Your Starlight account is now bound to the system account <b>${escapeHtml(account)}</b>: you can submit jobs and use storage.</p>`,
      }).catch((error: unknown) => log(error, `telling ${actor.userName} of the binding`));
      return bindReplies.bound;
    },

    /** Self, or a manager of users (manage_all_user). The Slurm association stays: it is the cluster's. */
    async unbind(actor: Actor, input: UnbindInput): Promise<Binding> {
      const self = input.user_name === actor.userName;
      if (!self && !actor.permissions.includes('manage_all_user')) throw forbidden();
      const user = await accounts.findUser(input.user_name);
      if (!user) throw notFound('user');
      const removed = await repo.removeByUser(user.id);
      if (!removed && user.systemAccount === null) throw new AppError(Code.notFound, `${input.user_name} has no bound account`);
      await accounts.setSystemAccount(user.id, null);
      return { user_name: input.user_name, system_account: null };
    },

    /**
     * At start: users marked bound on their record (demo seed, imported data) get their binding record,
     * so the jobs and files of every module see one truth: the bindings table.
     */
    reconcile: (): Promise<void> => repo.adoptFromUsers(),

    /**
     * At start, when local accounts have their own Unix users: every bound account gets its user and
     * its home handed over on each enabled `local` cluster (bindings made before that, or whose user
     * was removed). Idempotent; a failure is logged and the account's jobs fail to start until fixed.
     */
    async prepareLocalAccounts(): Promise<void> {
      const local = (await clusters.enabledHpcRows()).filter((c) => c.driver === 'local');
      if (local.length === 0) return;
      for (const account of await repo.allAccounts())
        for (const cluster of local) {
          try {
            await (await clusters.scheduler(cluster)).ensureUserAccount(account, {});
          } catch (error) {
            log(error, `preparing the Unix user of ${account} on cluster ${cluster.name}`);
          }
        }
    },

    /** The user's bound system account, or null. */
    accountOf: async (userId: number): Promise<string | null> => (await repo.byUser(userId))?.systemAccount ?? null,
    /** Bound accounts of these users (group job lists). */
    accountsOf: async (userIds: readonly number[]): Promise<string[]> => (await repo.byUsers(userIds)).map((b) => b.systemAccount),
    /** account → user id for the bound ones of these users (job notices). */
    accountOwners: async (userIds: readonly number[]): Promise<Map<string, number>> =>
      new Map((await repo.byUsers(userIds)).map((b) => [b.systemAccount, b.userId])),
  };
}

export type BindingService = ReturnType<typeof createBindingService>;
