import { Code } from '@starlight/contract/codes';
import { hasAnyPermission } from '@starlight/contract/permissions';
import { profileMessages, type AccessRecord, type AccessRecordInput, type LoginSecurity, type LoginSecurityInput } from '@starlight/contract/profile';
import type { MailDriver } from '../../drivers/mail/interface';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { AuditRecorder } from '../audit/audit.service';
import type { ClientInfo } from './account.service';
import { fieldError } from './field-error';
import { inNetworks, normaliseNetwork, plainIp } from './networks';
import type { AccessRecordRow, ProfileRepo } from './profile.repo';

interface SecurityDeps {
  repo: ProfileRepo;
  mail: Pick<MailDriver, 'send'>;
  audit?: AuditRecorder | undefined;
  now: () => Date;
  log: (error: unknown, context: string) => void;
}

const recordOf = (row: AccessRecordRow, userName: string): AccessRecord => ({
  id: row.id,
  user_name: userName,
  name: row.name,
  network: row.network,
  note: row.note,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Login security (a user's own sign-in rules) and access records (the named networks they sign in
 * from). Both are enforced at login through `policy` (identity's LoginPolicy). Changes that would
 * shut out the caller's current address are refused, so nobody locks themselves out by mistake.
 */
export function createSecurityService({ repo, mail, audit, now, log }: SecurityDeps) {
  const record = (actor: Actor, action: Parameters<AuditRecorder['record']>[0]['action'], client: ClientInfo, detail: string) =>
    audit?.record({ action, result: 'ok', userId: actor.userId, userName: actor.userName, ...client, detail });

  async function settingsOf(userId: number): Promise<LoginSecurity> {
    const [row, records] = await Promise.all([repo.securityOf(userId), repo.allNetworks(userId)]);
    return {
      always_captcha: row?.alwaysCaptcha ?? false,
      notify_new_ip: row?.notifyNewIp ?? false,
      restrict_networks: row?.restrictNetworks ?? false,
      allowed_networks: records.map((r) => r.network).sort(),
    };
  }

  /** With restriction on, the caller's address must stay inside the networks left after a change. */
  async function assertNotLockedOut(userId: number, ip: string, networks: string[], field: string): Promise<void> {
    const restricted = (await repo.securityOf(userId))?.restrictNetworks ?? false;
    if (restricted && !inNetworks(ip, networks)) throw new AppError(Code.conflict, profileMessages.lockout, { fields: [{ path: field, message: profileMessages.lockout }] });
  }

  const networkOf = (text: string): string => {
    const network = normaliseNetwork(text);
    if (!network) throw fieldError('network', profileMessages.cidrInvalid);
    return network;
  };

  /** The record by id if the actor may change it: their own (another user's is "not found"). */
  async function ownRecord(actor: Actor, id: number): Promise<AccessRecordRow> {
    const row = await repo.findAccess(id);
    if (!row || row.userId !== actor.userId) throw notFound('access record');
    return row;
  }

  return {
    settings: (actor: Actor) => settingsOf(actor.userId),

    async updateSettings(actor: Actor, input: LoginSecurityInput, client: ClientInfo): Promise<LoginSecurity> {
      if (input.restrict_networks) {
        const networks = (await repo.allNetworks(actor.userId)).map((r) => r.network);
        if (!inNetworks(client.ip, networks)) throw fieldError('restrict_networks', profileMessages.lockout);
      }
      await repo.upsertSecurity(actor.userId, { alwaysCaptcha: input.always_captcha, notifyNewIp: input.notify_new_ip, restrictNetworks: input.restrict_networks }, now());
      await record(actor, 'login_security_change', client, JSON.stringify(input));
      return settingsOf(actor.userId);
    },

    async queryAccess(actor: Actor, query: { page: number; page_size: number; field_lk_name?: string | undefined; field_eq_user_name?: string | undefined }) {
      let userId = actor.userId;
      let userName = actor.userName;
      if (query.field_eq_user_name && query.field_eq_user_name !== actor.userName) {
        if (!hasAnyPermission(['query_all_user'], actor.permissions)) throw forbidden();
        const other = await repo.findUserByName(query.field_eq_user_name);
        if (!other) throw notFound('user');
        userId = other.id;
        userName = other.userName;
      }
      const { list, total } = await repo.listAccess(userId, query.field_lk_name, query.page_size, (query.page - 1) * query.page_size);
      return { list: list.map((row) => recordOf(row, userName)), total };
    },

    async createAccess(actor: Actor, input: AccessRecordInput, client: ClientInfo): Promise<AccessRecord> {
      const network = networkOf(input.network);
      const row = await repo.insertAccess({ userId: actor.userId, name: input.name, network, note: input.note ?? '', createdAt: now(), updatedAt: now() });
      if (!row) throw new AppError(Code.conflict, 'an access record for this network already exists', { fields: [{ path: 'body.network', message: 'an access record for this network already exists' }] });
      await record(actor, 'access_record_create', client, `${row.id} ${network}`);
      return recordOf(row, actor.userName);
    },

    async updateAccess(actor: Actor, id: number, input: Partial<AccessRecordInput>, client: ClientInfo): Promise<AccessRecord> {
      const current = await ownRecord(actor, id);
      const network = input.network === undefined ? undefined : networkOf(input.network);
      if (network && network !== current.network) {
        const others = (await repo.allNetworks(actor.userId)).filter((r) => r.id !== id).map((r) => r.network);
        await assertNotLockedOut(actor.userId, client.ip, [...others, network], 'body.network');
      }
      const updated = await repo.updateAccess(id, { name: input.name, network, note: input.note }, now());
      if (updated === 'taken') throw new AppError(Code.conflict, 'an access record for this network already exists', { fields: [{ path: 'body.network', message: 'an access record for this network already exists' }] });
      if (!updated) throw notFound('access record');
      await record(actor, 'access_record_update', client, `${id} ${updated.network}`);
      return recordOf(updated, actor.userName);
    },

    async deleteAccess(actor: Actor, id: number, client: ClientInfo): Promise<void> {
      const current = await ownRecord(actor, id);
      const others = (await repo.allNetworks(actor.userId)).filter((r) => r.id !== id).map((r) => r.network);
      await assertNotLockedOut(actor.userId, client.ip, others, 'params.id');
      await repo.deleteAccess(id);
      await record(actor, 'access_record_delete', client, `${id} ${current.network}`);
    },

    /** What identity's login consults (auth.service LoginPolicy). */
    policy: {
      async rulesFor(userId: number) {
        const [row, records] = await Promise.all([repo.securityOf(userId), repo.allNetworks(userId)]);
        const networks = records.map((r) => r.network);
        return {
          alwaysCaptcha: row?.alwaysCaptcha ?? false,
          allows: (ip: string) => !row?.restrictNetworks || inNetworks(ip, networks),
        };
      },

      async afterLogin(user: { id: number; userName: string; email: string | null }, client: ClientInfo): Promise<void> {
        const at = now();
        const ip = plainIp(client.ip);
        const records = await repo.allNetworks(user.id);
        await repo.touchAccess(records.filter((r) => inNetworks(ip, [r.network])).map((r) => r.id), at);
        const { isNew, knownBefore } = await repo.rememberIp(user.id, ip, at);
        const settings = await repo.securityOf(user.id);
        // The very first sign-in is no news; after that, an unseen address is.
        if (!isNew || knownBefore === 0 || !settings?.notifyNewIp || !user.email) return;
        const text = `【星光 Starlight】${user.userName}: 新地址登录 / a sign-in from a new address: ${ip} at ${at.toISOString()} (${client.userAgent.slice(0, 200) || 'unknown agent'}). 如非本人操作，请立即修改密码。If this was not you, change your password now.`;
        void mail.send({ to: user.email, subject: '星光 Starlight: sign-in from a new address', text }).catch((error: unknown) => log(error, 'new-address notice failed'));
      },
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
